// The CLI's help: the whole usage, one verb's part of it (`rvimport help VERB`, `VERB --help`),
// and "did you mean" for a mistyped verb or option. The usage text is the one list of verbs and
// options: suggestions are taken from it, and a test checks it against the option parser.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace rv::cli {

// The whole usage: what rvimport is, every verb, how warnings, errors and outputs behave.
void printUsage(std::FILE* out);
// The usage of `verb` alone; false when there is no such verb.
bool printVerbHelp(const std::string& verb, std::FILE* out);
// Every verb, in the order the usage lists them.
std::vector<std::string> verbNames();
// The options `verb`'s usage names ("--data-root", "-f", ...).
std::vector<std::string> optionsOf(const std::string& verb);
// The candidate closest to `word` by edit distance, when it is close enough to be a typo of it;
// "" otherwise.
std::string closestMatch(const std::string& word, const std::vector<std::string>& candidates);
// "rvimport VERB: unknown option X (did you mean Y?); `rvimport help VERB` lists them" on stderr.
void reportUnknownOption(const std::string& verb, const std::string& option);
// True when args (args[0] the verb) ask for help: "--help" or "-h" before any "--".
bool asksForHelp(const std::vector<std::string>& args);

}  // namespace rv::cli
