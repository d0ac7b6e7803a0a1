// A scratch directory that belongs to one test in one process, removed when it goes out of scope.
// ctest runs each discovered test as its own process, two at a time: a name from an unseeded
// std::rand() and the clock was the same in both, and one test deleted the other's files.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "support/write_file.hpp"

#ifdef _WIN32
#include <process.h>
#define RVTEST_PID ::_getpid()
#else
#include <unistd.h>
#define RVTEST_PID ::getpid()
#endif

namespace rvtest {

class TempDir {
public:
    explicit TempDir(const std::string& prefix = "rvtest") {
        static std::atomic<unsigned> serial{0};
        const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = prefix + "_" + std::to_string(RVTEST_PID) + "_" + std::to_string(serial++);
        if (test) name += std::string("_") + test->name();
        for (char& c : name)
            if (c == '/' || c == '\\') c = '_';  // parameterised test names carry a '/'
        // A leftover of an earlier run that cannot be removed (on Windows, a read-only file copied
        // from the read-only samples) is stepped around, never a failure of this test.
        std::error_code ec;
        for (int attempt = 0;; ++attempt) {
            dir = std::filesystem::temp_directory_path() / (attempt ? name + "_" + std::to_string(attempt) : name);
            std::filesystem::remove_all(dir, ec);
            if (!std::filesystem::exists(dir, ec) || attempt == 8) break;
        }
        std::filesystem::create_directories(dir);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::filesystem::path dir;
};

// `bytes` as `file`, its folders made; a failure fails the calling test.
inline void put(const std::filesystem::path& file, const std::vector<uint8_t>& bytes) {
    std::filesystem::create_directories(file.parent_path());
    ASSERT_TRUE(writeFile(file.string(), bytes));
}

}  // namespace rvtest
