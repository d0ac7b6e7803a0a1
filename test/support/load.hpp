// Loads a sample model for a test, skipping the test when ../shared/samples is absent.
#pragma once

#include <gtest/gtest.h>

#include "rv/odol.hpp"
#include "support/samples.hpp"

#define RV_LOAD_SAMPLE(var, relPath)                                                          \
    rv::OdolModel var;                                                                        \
    do {                                                                                      \
        std::string dir_ = rvtest::samplesDir();                                              \
        if (dir_.empty()) GTEST_SKIP() << "../shared/samples is absent (set RV_SAMPLES_DIR)"; \
        auto bytes_ = rvtest::readBytes(dir_ + "/" + (relPath));                              \
        ASSERT_FALSE(bytes_.empty()) << (relPath);                                            \
        auto res_ = rv::decodeOdol(bytes_.data(), bytes_.size(), relPath);                    \
        ASSERT_TRUE(res_.ok()) << res_.error().message;                                       \
        var = std::move(res_.value());                                                        \
    } while (0)
