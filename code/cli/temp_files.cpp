#include "cli/temp_files.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <set>
#include <system_error>

#include "rv/printable.hpp"

#ifdef _WIN32
#include <process.h>
#include <windows.h>
#else
#include <dirent.h>
#include <fcntl.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#endif

namespace rv::cli {
namespace {

namespace fs = std::filesystem;

constexpr int kSlots = 64;
constexpr size_t kPathBytes = 4096;

// One live temporary. `state`: 0 free, 1 being filled, 2 live. Plain memory and lock-free
// atomics only: the signal handler reads it.
struct Slot {
    std::atomic<int> state{0};
    bool folder = false;
    char path[kPathBytes];
};
Slot g_slots[kSlots];

// The creation gate (LiveTemporary): how many threads are between registering a temporary and
// creating it, and whether the signal's cleanup has begun. Sequentially consistent, so that
// either the cleanup sees a thread's count or the thread sees the cleanup.
std::atomic<int> g_making{0};
std::atomic<bool> g_terminating{false};

// Waits, for at most 2 s, for every thread in the gate to have created its temporary.
void waitForMaking() {
    g_terminating.store(true);
    for (int i = 0; i < 2000 && g_making.load() > 0; ++i) {
#ifdef _WIN32
        Sleep(1);
#else
        const struct timespec ms = {0, 1000000};
        nanosleep(&ms, nullptr);  // async-signal-safe
#endif
    }
}

// A thread that would start a temporary after the cleanup began (the process is ending), or the
// test hook's held write: waits for the signal that ends the process.
[[noreturn]] void waitForTheEnd() {
    for (;;) {
#ifdef _WIN32
        Sleep(1000);
#else
        pause();
#endif
    }
}

unsigned long processId() {
#ifdef _WIN32
    return static_cast<unsigned long>(_getpid());
#else
    return static_cast<unsigned long>(getpid());
#endif
}

#ifndef _WIN32
// Calls `f(name)` for each entry of the open folder `fd` but "." and "..", with system calls
// only (getdents64 on Linux: no allocation, async-signal-safe).
template <class F>
void forEachEntry(int fd, F f) {
#ifdef __linux__
    alignas(8) char buf[4096];
    lseek(fd, 0, SEEK_SET);
    for (;;) {
        const long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
        if (n <= 0) return;
        for (long at = 0; at < n;) {
            unsigned short length;
            std::memcpy(&length, buf + at + 16, sizeof length);  // d_reclen, after d_ino and d_off
            const char* name = buf + at + 19;                    // d_name, after d_type
            if (std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0) f(name);
            at += length;
        }
    }
#else
    DIR* d = ::fdopendir(::dup(fd));  // not async-signal-safe outside Linux; used only at the end
    if (!d) return;
    while (dirent* e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) f(e->d_name);
    ::closedir(d);
#endif
}

// Removes a folder tree inside a signal handler. Entries are removed while the folder is read,
// so it is read again until it can be removed; `depth` bounds the recursion (Assimp's folders
// are one or two levels deep).
void removeTree(const char* path, int depth) {
    if (::unlink(path) == 0 || depth > 8) return;
    const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return;
    for (int pass = 0; pass < 4 && ::rmdir(path) != 0; ++pass) {
        forEachEntry(fd, [&](const char* name) {
            if (::unlinkat(fd, name, 0) == 0) return;
            char child[kPathBytes];
            const size_t a = std::strlen(path), b = std::strlen(name);
            if (a + 1 + b >= kPathBytes) return;
            std::memcpy(child, path, a);
            child[a] = '/';
            std::memcpy(child + a + 1, name, b + 1);
            removeTree(child, depth + 1);
        });
    }
    ::close(fd);
}

void removeLive() {
    for (Slot& s : g_slots) {
        if (s.state.load() != 2) continue;
        if (s.folder)
            removeTree(s.path, 0);
        else
            ::unlink(s.path);
    }
}

extern "C" void onTerminatingSignal(int sig) {
    const int saved = errno;
    waitForMaking();
    removeLive();
    errno = saved;
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, nullptr);
    raise(sig);  // blocked until the handler returns, then the default action ends the process
}
#else
// Windows runs a console's Ctrl+C handler on a thread of its own, where any call may be made.
void removeLive() {
    for (Slot& s : g_slots) {
        if (s.state.load() != 2) continue;
        std::error_code ec;
        fs::remove_all(fs::u8path(s.path), ec);
    }
}

extern "C" void onTerminatingSignal(int sig) {
    waitForMaking();
    removeLive();
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}
#endif

// Whether the process that made a temporary named "rvtmp-<pid hex>-<n hex>" is still running:
// its temporary is in use, not left over. Unknown names count as left over.
bool ownerRunning(const std::string& name) {
    const size_t at = name.find("rvtmp-");
    if (at == std::string::npos) return false;
    char* end = nullptr;
    const unsigned long pid = std::strtoul(name.c_str() + at + 6, &end, 16);
    if (!end || *end != '-' || pid == 0) return false;
    if (pid == processId()) return true;
#ifdef _WIN32
    HANDLE h = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, DWORD(pid));
    if (!h) return false;
    DWORD code = 0;
    const bool running = GetExitCodeProcess(h, &code) && code == STILL_ACTIVE;
    CloseHandle(h);
    return running;
#else
    return kill(pid_t(pid), 0) == 0 || errno == EPERM;
#endif
}

uintmax_t bytesIn(const fs::path& p) {
    std::error_code ec;
    if (!fs::is_directory(fs::symlink_status(p, ec))) {
        const uintmax_t n = fs::file_size(p, ec);
        return ec ? 0 : n;
    }
    uintmax_t total = 0;
    for (fs::recursive_directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec)) total += it->file_size(ec);
    return total;
}

}  // namespace

std::string temporaryName() {
    static std::atomic<unsigned long> counter{0};
    char name[48];
    std::snprintf(name, sizeof name, "rvtmp-%lx-%lx", processId(), counter.fetch_add(1));
    return name;
}

LiveTemporary::LiveTemporary(const std::string& path, bool folder) : slot_(-1), making_(true) {
#ifndef _WIN32
    // Held off in this thread while in the gate, so that the cleanup runs on a thread that is not
    // waiting for itself (the process's signals go to a thread that takes them).
    sigset_t hold;
    sigemptyset(&hold);
    sigaddset(&hold, SIGINT);
    sigaddset(&hold, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &hold, &savedMask_);
#endif
    g_making.fetch_add(1);
    if (g_terminating.load()) {
        g_making.fetch_sub(1);
        waitForTheEnd();
    }
    if (path.size() >= kPathBytes) return;
    for (int i = 0; i < kSlots; ++i) {
        int expected = 0;
        if (!g_slots[i].state.compare_exchange_strong(expected, 1)) continue;
        std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
        g_slots[i].folder = folder;
        g_slots[i].state.store(2);
        slot_ = i;
        return;
    }
}

void LiveTemporary::made() {
    if (!making_) return;
    making_ = false;
    g_making.fetch_sub(1);
#ifndef _WIN32
    pthread_sigmask(SIG_SETMASK, &savedMask_, nullptr);
#endif
}

LiveTemporary::~LiveTemporary() {
    made();
    if (slot_ >= 0) g_slots[slot_].state.store(0);
}

std::error_code makeFoldersBelow(const fs::path& root, const fs::path& folder) {
    const fs::path rel = folder.lexically_normal().lexically_relative(root.lexically_normal());
    if (rel.empty() || *rel.begin() == "..") return std::make_error_code(std::errc::invalid_argument);
    fs::path at = root;
    std::error_code ec;
    for (const fs::path& part : rel) {
        if (part == "." || part.empty()) continue;
        at /= part;
        if (fs::create_directory(at, ec)) continue;
        if (ec) return ec;  // ENOENT when `root` is gone
    }
    if (!fs::is_directory(at, ec)) return ec ? ec : std::make_error_code(std::errc::not_a_directory);
    return {};
}

void installTemporaryCleanup() {
#ifdef _WIN32
    std::signal(SIGINT, onTerminatingSignal);
    std::signal(SIGTERM, onTerminatingSignal);
#else
    struct sigaction sa {};
    sa.sa_handler = onTerminatingSignal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);  // one cleanup at a time, whichever signal comes first
    sigaddset(&sa.sa_mask, SIGTERM);
    for (int sig : {SIGINT, SIGTERM}) {
        struct sigaction old {};
        // A signal the caller ignores (nohup, a shell's background job) stays ignored.
        if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(sig, &sa, nullptr);
    }
#endif
}

void noteLeftovers(const std::string& folder) {
    static std::mutex mutex;
    static std::set<std::string> seen;
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (!seen.insert(folder).second) return;
    }
    std::error_code ec;
    const fs::path dir = fs::u8path(folder.empty() ? "." : folder);
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().u8string();
        // Files ".rvtmp-...", Assimp's folders "rvtmp-...", and the files of earlier releases
        // ("OUT.rvtmp-...").
        const bool ours = name.rfind("rvtmp-", 0) == 0 || name.find(".rvtmp-") != std::string::npos;
        if (!ours || ownerRunning(name)) continue;
        std::fprintf(stderr,
                     "rvimport: warning: %s (%llu bytes) was left by an interrupted rvimport run; it can be "
                     "removed\n",
                     printable(it->path().u8string()).c_str(), static_cast<unsigned long long>(bytesIn(it->path())));
    }
}

void holdForTest(const std::string& path) {
    if (!std::getenv("RV_TEST_HOLD_TEMP")) return;
    std::fprintf(stderr, "rvimport: holding %s\n", path.c_str());
    std::fflush(stderr);
    waitForTheEnd();
}

}  // namespace rv::cli
