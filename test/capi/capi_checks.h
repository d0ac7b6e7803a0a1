/* The checks of the C ABI's plain-C tests (capi_c_test.c, capi_map_test.c): each CHECK counts
 * one check and prints what failed with the context set_context gave, so a test runs on and
 * reports every failure. */
#ifndef RV_CAPI_CHECKS_H
#define RV_CAPI_CHECKS_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ checks */

static long g_checks = 0;
static long g_failures = 0;
static char g_context[512] = "";

static inline void set_context(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_context, sizeof g_context, fmt, ap);
    va_end(ap);
}

static inline void fail_at(const char* file, int line, const char* what) {
    ++g_failures;
    if (g_failures <= 300) fprintf(stderr, "%s:%d: FAIL [%s] %s\n", file, line, g_context, what);
}

#define CHECK(cond)                                      \
    do {                                                 \
        ++g_checks;                                      \
        if (!(cond)) fail_at(__FILE__, __LINE__, #cond); \
    } while (0)

#define CHECK_U(a, b)                                                                        \
    do {                                                                                     \
        const unsigned long long a_ = (unsigned long long)(a), b_ = (unsigned long long)(b); \
        ++g_checks;                                                                          \
        if (a_ != b_) {                                                                      \
            char m_[512];                                                                    \
            snprintf(m_, sizeof m_, "%s == %s: %llu vs %llu", #a, #b, a_, b_);               \
            fail_at(__FILE__, __LINE__, m_);                                                 \
        }                                                                                    \
    } while (0)

#define CHECK_I(a, b)                                                          \
    do {                                                                       \
        const long long a_ = (long long)(a), b_ = (long long)(b);              \
        ++g_checks;                                                            \
        if (a_ != b_) {                                                        \
            char m_[512];                                                      \
            snprintf(m_, sizeof m_, "%s == %s: %lld vs %lld", #a, #b, a_, b_); \
            fail_at(__FILE__, __LINE__, m_);                                   \
        }                                                                      \
    } while (0)

#define CHECK_F(a, b, tol)                                                                                  \
    do {                                                                                                    \
        const double a_ = (double)(a), b_ = (double)(b);                                                    \
        ++g_checks;                                                                                         \
        if (!(fabs(a_ - b_) <= (tol))) {                                                                    \
            char m_[512];                                                                                   \
            snprintf(m_, sizeof m_, "%s ~ %s: %.9g vs %.9g (tolerance %g)", #a, #b, a_, b_, (double)(tol)); \
            fail_at(__FILE__, __LINE__, m_);                                                                \
        }                                                                                                   \
    } while (0)

#define CHECK_S(a, b)                                                                                              \
    do {                                                                                                           \
        const char *a_ = (a), *b_ = (b);                                                                           \
        ++g_checks;                                                                                                \
        if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                                                   \
            char m_[1200];                                                                                         \
            snprintf(m_, sizeof m_, "%s == %s: \"%s\" vs \"%s\"", #a, #b, a_ ? a_ : "(null)", b_ ? b_ : "(null)"); \
            fail_at(__FILE__, __LINE__, m_);                                                                       \
        }                                                                                                          \
    } while (0)

/* An open without an rv_error: the header promises the same rv_result as with one. */
#define CHECK_CODE_NO_ERROR(got, want)                                                                   \
    do {                                                                                                 \
        const long long g_ = (long long)(got), w_ = (long long)(want);                                   \
        ++g_checks;                                                                                      \
        if (g_ != w_) {                                                                                  \
            printf("[%s] without an rv_error the open returns %lld, not %lld (%s)\n", g_context, g_, w_, \
                   rv_result_name((int32_t)w_));                                                         \
            fail_at(__FILE__, __LINE__, "open without rv_error: wrong code");                            \
        }                                                                                                \
    } while (0)

/* Strings the ABI returns: never NULL; "" for a NULL handle or an index out of range. */
#define CHECK_EMPTY(s) CHECK_S((s), "")

static inline int contains(const char* haystack, const char* needle) {
    return haystack && needle && strstr(haystack, needle) != NULL;
}

/* Buffers are allocated with at least one element so that a getter handed an empty range always
 * gets a real, non-NULL pointer (the empty-range memcpy(out, NULL, 0) case), sized exactly
 * otherwise so that AddressSanitizer catches any overrun. */
static inline void* xalloc(size_t count, size_t size) {
    void* p = calloc(count ? count : 1, size);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

#endif
