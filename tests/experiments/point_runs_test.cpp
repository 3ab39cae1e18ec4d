// Whether the run in a sweep's point folder is the point's own (point_runs.hpp), as every reader
// of a sweep folder asks.
#include "mazesearch/experiments/sweep/point_runs.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "mazesearch/experiments/config.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/serve/run_files.hpp"
#include "mazesearch/serve/served_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_folder.hpp"
#include "mazesearch/experiments/sweep/sweep_opening.hpp"
#include "mazesearch/experiments/sweep/sweep_table.hpp"
#include "temp_dir.hpp"

namespace maze::experiments::point_runs_test {
namespace {

namespace fs = std::filesystem;

// A config file in this process's scratch folder.
std::string config_file() {
    const std::string path = (fs::path(testing_support::test_dir()) / "c.yaml").string();
    std::ofstream(path) << "name: c\ntarget: {kind: mouse-maze, rows: 4, cols: 4}\n";
    return path;
}

// The message of `work`, or "no error".
template <typename Work>
std::string error_of(Work work) {
    try {
        work();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no error";
}

// A run that another config or command wrote into a point folder was counted as the point's by
// every reader: the sweep, index.csv, summarize, serve and the Python module's table (random.yaml's
// 20 repeats in a sweep of quickstart.yaml). Each now refuses it by name. The point's own run is
// the point's however its process named its folder, and with the threads its process was given.
TEST(PointRuns, ARunThatIsNotThePointsIsRefusedByEveryReader) {
    const fs::path root = fs::path(testing_support::test_dir()) / "point-runs";
    fs::remove_all(root);
    const fs::path dir = root / "sw";
    const std::string cfg = config_file();
    SweepSpec s = plan_sweep(cfg, {"seed=1,2", "budget.evaluations=100"}, {});
    s.output = dir.string();
    ASSERT_EQ(open_sweep_folder(s, dir), Opening::Made);
    // A finished run's files, as summarize reads them.
    const auto write_run = [&](const SweepPoint& p, const nlohmann::json& config) {
        fs::create_directories(dir / p.folder);
        std::ofstream(dir / p.folder / "config.json", std::ios::trunc) << config.dump(2);
        std::ofstream(dir / p.folder / "status", std::ios::trunc) << "finished\n";
        std::ofstream(dir / p.folder / "summary.json", std::ios::trunc)
            << R"({"best_score": 5, "evaluations": 100, "seconds": 1})";
    };
    // The config point p resolves to, as its own process would write it.
    const auto own = [&](const SweepPoint& p, const std::string& output) {
        Marks marks;
        std::vector<std::string> overrides = s.overrides_of(p);
        overrides.push_back("output=" + output);
        overrides.push_back("threads=3");
        return resolve_config(yaml_to_json(read_text_file(cfg), cfg, marks), overrides);
    };
    write_run(s.points[0], own(s.points[0], "/elsewhere/point-000"));
    nlohmann::json other = own(s.points[1], (dir / "point-001").string());
    other["seed"] = 9;
    write_run(s.points[1], other);
    // As summarize, serve and Python read the folder: sweep.json without the configs' bytes.
    const SweepSpec read = SweepSpec::from_json(read_json_file(dir / "sweep.json"), "sweep.json");
    const std::string want = (dir / "point-001").string() +
                             ": holds a run that is not this point's (its config.json: seed is 9 "
                             "there, 2 for the point); the sweep leaves it as it is: move it out "
                             "of the sweep folder, and `mazesearch resume " +
                             dir.string() + "` runs the point";
    for (const SweepSpec* spec : {static_cast<const SweepSpec*>(&s), &read}) {
        EXPECT_EQ(error_of([&] { write_sweep_index(dir, *spec); }), want);
        EXPECT_EQ(error_of([&] { group_sweep(dir, *spec, spec->group_keys); }), want);
        EXPECT_EQ(error_of([&] { all_points_finished(dir, *spec); }), want);
    }
    SweepTableOptions json_table;
    json_table.format = "json";  // what the Python module's table reads
    EXPECT_EQ(error_of([&] { sweep_table(json_table, {dir.string()}, false); }), want);
    // serve names the files relative to the folder it serves.
    EXPECT_EQ(error_of([&] { ServedFolder(root).sweep("sw"); }), relative_to_root(root, want));
    other = own(s.points[1], "x");
    other["label"] = "stranger";
    write_run(s.points[1], other);
    EXPECT_NE(error_of([&] {
                  write_sweep_index(dir, read);
              }).find("(its config.json: label is \"stranger\" there, not set for the point)"),
              std::string::npos);
    // The point's own run, and a copy of the pinned config that changed, refused by name.
    write_run(s.points[1], own(s.points[1], "x"));
    EXPECT_EQ(error_of([&] { write_sweep_index(dir, read); }), "no error");
    EXPECT_TRUE(all_points_finished(dir, read));
    std::ofstream(dir / s.pinned[0], std::ios::app) << "# edited\n";
    EXPECT_NE(error_of([&] {
                  group_sweep(dir, read, read.group_keys);
              }).find("configs/000-c.yaml: not the bytes the sweep pinned"),
              std::string::npos);
}

}  // namespace
}  // namespace maze::experiments::point_runs_test
