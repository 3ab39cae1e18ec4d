#include "mazesearch/experiments/sweep/point_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

extern char** environ;

namespace maze::experiments {

namespace {

// An MPI launcher's variables (Open MPI, PMI, PMIx) and the project's own switch: a point run
// from a rank must not take itself for a rank of the job.
bool launcher_variable(const char* entry) {
    for (const char* prefix : {"OMPI_", "PMIX_", "PMI_", "MAZESEARCH_MPI="})
        if (std::strncmp(entry, prefix, std::strlen(prefix)) == 0) return true;
    return false;
}

}  // namespace

std::string self_executable() {
    std::error_code ec;
    std::string p = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    if (ec)
        throw std::runtime_error("cannot find this program's path (/proc/self/exe): " +
                                 ec.message());
    // Replaced since it started (a rebuild): the name without the kernel's mark.
    if (const std::string mark = " (deleted)"; p.ends_with(mark)) p.resize(p.size() - mark.size());
    return p;
}

PointProcess::PointProcess(const std::vector<std::string>& args, int log_fd) {
    const std::string exe = self_executable();
    // Everything the child needs is prepared before fork(): between fork() and exec() only
    // async-signal-safe calls are made.
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(exe.c_str()));
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::vector<char*> envp;
    for (char** e = environ; *e; ++e)
        if (!launcher_variable(*e)) envp.push_back(*e);
    envp.push_back(nullptr);
    const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    // Closed in the child by its exec: until then the child holds copies of this process's
    // files, the locks of the other points among them, which must not outlive the fork.
    int exec_pipe[2] = {-1, -1};
    if (::pipe2(exec_pipe, O_CLOEXEC) != 0) exec_pipe[0] = exec_pipe[1] = -1;
    const pid_t parent = ::getpid();
    pid_ = ::fork();
    if (pid_ == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) ::_exit(143);  // the sweep died before prctl took effect
        if (null >= 0) ::dup2(null, STDOUT_FILENO);
        // The same open file as the log's lock: the lock stays while this process lives.
        ::dup2(log_fd, STDERR_FILENO);
        // The program this process runs, by its kernel link rather than its path: a rebuild
        // that replaces the file during a long sweep leaves every point on the sweep's own
        // build (and the path would then name a deleted file).
        ::execve("/proc/self/exe", argv.data(), envp.data());
        const char said[] = "mazesearch: cannot start the point: exec of /proc/self/exe failed\n";
        [[maybe_unused]] const ssize_t w = ::write(STDERR_FILENO, said, sizeof said - 1);
        ::_exit(127);
    }
    const int fork_errno = errno;
    if (null >= 0) ::close(null);
    if (exec_pipe[1] >= 0) {
        ::close(exec_pipe[1]);
        // End of file once the child has exec'd (or ended): nothing is ever written.
        char c;
        while (pid_ > 0 && ::read(exec_pipe[0], &c, 1) < 0 && errno == EINTR) {
        }
        ::close(exec_pipe[0]);
    }
    if (pid_ < 0)
        throw std::runtime_error(std::string("cannot start a point: ") + std::strerror(fork_errno));
}

std::optional<int> PointProcess::poll() {
    if (status_) return status_;
    int st = 0;
    const pid_t r = ::waitpid(pid_, &st, WNOHANG);
    if (r == pid_) {
        if (WIFEXITED(st))
            status_ = WEXITSTATUS(st);
        else if (WIFSIGNALED(st))
            status_ = 128 + WTERMSIG(st);
    } else if (r < 0 && errno == ECHILD) {
        status_ = 1;  // reaped elsewhere: nothing more can be known of it
    }
    return status_;
}

void PointProcess::interrupt() const {
    if (!status_ && pid_ > 0) ::kill(pid_, SIGINT);
}

}  // namespace maze::experiments
