#include "mazesearch/experiments/cluster/world.hpp"

#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>
#include <vector>

#ifdef MAZESEARCH_HAVE_MPI
// The C interface only: MPI's C++ bindings are deprecated (and warn under -Wextra).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace maze::experiments {

namespace {

class Solo final : public World {
  public:
    int rank() const override { return 0; }
    int size() const override { return 1; }
    std::vector<std::string> all_gather(const std::string& mine) override { return {mine}; }
    std::string broadcast(const std::string& bytes) override { return bytes; }
    bool any(bool mine) override { return mine; }
    void send(int, int, const std::string&) override {
        throw std::logic_error("send: a single process has no other rank");
    }
    std::optional<Message> poll() override { return std::nullopt; }
    std::string receive(int, int) override {
        throw std::logic_error("receive: a single process has no other rank");
    }
    [[noreturn]] void abort(int status) override { std::exit(status); }
    std::string describe() const override { return "one process"; }
};

#ifdef MAZESEARCH_HAVE_MPI

// MPI's errors are fatal by default (MPI_ERRORS_ARE_FATAL): a failed call ends the job with
// MPI's own message, so the calls below need no error codes checked.
class Mpi final : public World {
  public:
    Mpi() {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
        MPI_Comm_size(MPI_COMM_WORLD, &size_);
    }
    int rank() const override { return rank_; }
    int size() const override { return size_; }

    std::vector<std::string> all_gather(const std::string& mine) override {
        const int n = checked_size(mine.size());
        std::vector<int> sizes(static_cast<std::size_t>(size_));
        MPI_Request req;
        MPI_Iallgather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD, &req);
        complete(req);
        std::vector<int> at(static_cast<std::size_t>(size_), 0);
        long long total = 0;
        for (int r = 0; r < size_; ++r) {
            at[static_cast<std::size_t>(r)] = static_cast<int>(total);
            total += sizes[static_cast<std::size_t>(r)];
        }
        if (total > INT_MAX) throw std::runtime_error("all_gather: more than 2 GiB in one call");
        std::string all(static_cast<std::size_t>(total), '\0');
        MPI_Iallgatherv(mine.data(), n, MPI_CHAR, all.data(), sizes.data(), at.data(), MPI_CHAR,
                        MPI_COMM_WORLD, &req);
        complete(req);
        std::vector<std::string> out;
        for (int r = 0; r < size_; ++r)
            out.push_back(all.substr(static_cast<std::size_t>(at[static_cast<std::size_t>(r)]),
                                     static_cast<std::size_t>(sizes[static_cast<std::size_t>(r)])));
        return out;
    }

    std::string broadcast(const std::string& bytes) override {
        int n = rank_ == 0 ? checked_size(bytes.size()) : 0;
        MPI_Request req;
        MPI_Ibcast(&n, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
        complete(req);
        std::string out = rank_ == 0 ? bytes : std::string(static_cast<std::size_t>(n), '\0');
        MPI_Ibcast(out.data(), n, MPI_CHAR, 0, MPI_COMM_WORLD, &req);
        complete(req);
        return out;
    }

    bool any(bool mine) override {
        int in = mine ? 1 : 0, out = 0;
        MPI_Request req;
        MPI_Iallreduce(&in, &out, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD, &req);
        complete(req);
        return out != 0;
    }

    void send(int to, int tag, const std::string& bytes) override {
        MPI_Send(bytes.data(), checked_size(bytes.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
    }

    std::optional<Message> poll() override {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag) return std::nullopt;
        return Message{st.MPI_SOURCE, st.MPI_TAG, take(st)};
    }

    std::string receive(int from, int tag) override {
        // MPI_Recv would spin on the core while it waits; the waits here are for work handed
        // out by rank 0, so polling every few hundred microseconds costs nothing measurable and
        // leaves the core to the ranks that work.
        MPI_Status st;
        poll(
            [&] {
                int flag = 0;
                MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, &st);
                return flag != 0;
            },
            std::chrono::microseconds(0), std::chrono::microseconds(200));
        return take(st);
    }

    [[noreturn]] void abort(int status) override {
        std::fflush(stdout);
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, status);
        std::exit(status);  // MPI_Abort does not return; this only satisfies [[noreturn]]
    }

    std::string describe() const override {
        return "MPI, " + std::to_string(size_) + (size_ == 1 ? " rank" : " ranks");
    }

  private:
    // Waits for a collective step begun with its nonblocking call, polling for 50 us (the short
    // waits of an idle machine) and then sleeping between polls. A blocking collective waits in
    // Open MPI's progress loop, which either spins on the core or, with mpi_yield_when_idle,
    // calls sched_yield, and on a busy machine a yield hands the core to another process for a
    // whole time slice: an island run that meets after every generation took 12 s on two ranks
    // beside two busy processes against 2 s for one process. A sleeping rank leaves its core to
    // the ranks with work and, woken, is scheduled at once (studies/records/bench_ranks.sh).
    static void complete(MPI_Request& req) {
        poll(
            [&] {
                int done = 0;
                MPI_Test(&req, &done, MPI_STATUS_IGNORE);
                return done != 0;
            },
            std::chrono::microseconds(50), std::chrono::microseconds(50));
    }
    // The one way a rank waits here: asks `ready` without a pause for `spin`, then sleeps `nap`
    // between asks, leaving its core to the ranks with work.
    template <class Ready>
    static void poll(Ready ready, std::chrono::microseconds spin, std::chrono::microseconds nap) {
        const auto spin_until = std::chrono::steady_clock::now() + spin;
        while (!ready())
            if (std::chrono::steady_clock::now() >= spin_until) std::this_thread::sleep_for(nap);
    }
    static int checked_size(std::size_t n) {
        if (n > static_cast<std::size_t>(INT_MAX))
            throw std::runtime_error("MPI message of more than 2 GiB");
        return static_cast<int>(n);
    }
    static std::string take(MPI_Status& st) {
        int n = 0;
        MPI_Get_count(&st, MPI_CHAR, &n);
        std::string bytes(static_cast<std::size_t>(n), '\0');
        MPI_Recv(bytes.data(), n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        return bytes;
    }
    int rank_ = 0, size_ = 1;
};

// Launched as a rank of an MPI job: Open MPI's mpirun, MPICH's hydra and Slurm's srun (PMI-2 or
// PMIx) each set one of these. MAZESEARCH_MPI=1 starts MPI in any case (a singleton).
bool launched_by_mpi() {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMI_RANK", "PMIX_RANK"})
        if (std::getenv(v)) return true;
    const char* force = std::getenv("MAZESEARCH_MPI");
    return force && std::string(force) == "1";
}

bool g_started = false;
Mpi* g_mpi = nullptr;

#endif

Solo g_solo;

}  // namespace

void start_world([[maybe_unused]] int& argc, [[maybe_unused]] char**& argv) {
#ifdef MAZESEARCH_HAVE_MPI
    if (g_started || !launched_by_mpi()) return;
    // The collective steps wait by sleeping between polls (Mpi::complete), so a poll must not
    // yield: with mpi_yield_when_idle, every poll that finds nothing calls sched_yield, and the
    // core goes to another process for a time slice. Unless told otherwise, polls do not yield.
    setenv("OMPI_MCA_mpi_yield_when_idle", "0", 0);
    int provided = 0;
    // The enumeration's rank 0 answers work requests from a thread of its own while its other
    // threads enumerate; only that thread calls MPI meanwhile, so SERIALIZED is enough.
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    g_started = true;
    if (provided < MPI_THREAD_SERIALIZED) {
        std::fprintf(stderr,
                     "mazesearch: error: this MPI library gives thread level %d; mazesearch needs "
                     "MPI_THREAD_SERIALIZED or more\n",
                     provided);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    static Mpi mpi;
    g_mpi = &mpi;
#endif
}

World& world() {
#ifdef MAZESEARCH_HAVE_MPI
    if (g_mpi) return *g_mpi;
#endif
    return g_solo;
}

void finish_world() {
#ifdef MAZESEARCH_HAVE_MPI
    if (!g_started) return;
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Finalize();
    g_mpi = nullptr;
#endif
}

}  // namespace maze::experiments
