// rv::printable, the one escaping rule for file-derived text on a terminal (issue 40: a raw 0x9B,
// CSI to some terminals, was printed as it was).
#include <gtest/gtest.h>

#include <string>

#include "rv/printable.hpp"

TEST(Printable, ControlBytesAndC1ControlsAreEscaped) {
    EXPECT_EQ(rv::printable("a\x1b[31mb"), "a\\x1B[31mb");
    EXPECT_EQ(rv::printable("x\x7f"), "x\\x7F");
    EXPECT_EQ(rv::printable("\xc2\x9b" "1m"), "\\u009B1m");  // U+009B, CSI, as UTF-8
}

TEST(Printable, BytesThatAreNotUtf8AreEscaped) {
    EXPECT_EQ(rv::printable("a\x9b[31m"), "a\\x9B[31m");           // a raw CSI byte
    EXPECT_EQ(rv::printable("Kn\xec\xbe\x6e"), "Kn\\xEC\\xBEn");    // Windows-1250, not UTF-8
    EXPECT_EQ(rv::printable("\xe2\x82"), "\\xE2\\x82");             // a sequence cut short
    EXPECT_EQ(rv::printable("\xc0\xaf"), "\\xC0\\xAF");             // an overlong '/'
    EXPECT_EQ(rv::printable("\xed\xa0\x80"), "\\xED\\xA0\\x80");    // a UTF-16 surrogate
}

TEST(Printable, Utf8AndBackslashesStayAsTheyAre) {
    const std::string text = "a3\\data_f\\\xc3\x9c" "berfall_\xe2\x82\xac_\xf0\x9f\x8e\xae.paa";
    EXPECT_EQ(rv::printable(text), text);
}
