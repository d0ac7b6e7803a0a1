// The batch's progress bar (cli/batch.cpp).
#pragma once

#include <unistd.h>

#include <cstdio>
#include <mutex>
#include <string>

namespace rv::cli {

// "[#####.....] 12/40  failed 1" on stderr, redrawn in place; nothing unless stderr is a terminal.
class ProgressBar {
public:
    ProgressBar() : tty_(isatty(fileno(stderr)) != 0) {}
    void show(size_t done, size_t total, size_t failed) {
        if (!tty_) return;
        std::lock_guard<std::mutex> lock(mutex_);
        const int width = 30, filled = total ? int(done * width / total) : width;
        std::fprintf(stderr, "\r[%s%s] %zu/%zu  failed %zu", std::string(size_t(filled), '#').c_str(),
                     std::string(size_t(width - filled), '.').c_str(), done, total, failed);
        std::fflush(stderr);
    }
    void finish() {
        if (tty_) std::fputc('\n', stderr);
    }

private:
    bool tty_;
    std::mutex mutex_;
};

}  // namespace rv::cli
