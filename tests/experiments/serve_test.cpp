// What `mazesearch serve` answers, without HTTP: walks of boards given as text or as the page's
// structured boards, and the folder's paths, runs and logbooks, read as a run writes them.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <tuple>

#include "mazesearch/models/cells/board.hpp"
#include "mazesearch/models/cells/mouse_walk.hpp"
#include "mazesearch/models/passages/passage_board.hpp"
#include "mazesearch/models/hex/hex_walk.hpp"
#include "mazesearch/models/passages/passage_walk.hpp"
#include "mazesearch/experiments/files.hpp"
#include "mazesearch/serve/request_gate.hpp"
#include "mazesearch/serve/served_folder.hpp"
#include "mazesearch/serve/served_models.hpp"
#include "mazesearch/serve/walk_answer.hpp"
#include "random_boards.hpp"
#include "temp_dir.hpp"

namespace maze::experiments {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kOptimum6 = "S.....\n#.##..\n..#..#\n...#..\n#...#.\nE..#..\n";

int status_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const RequestError& e) {
        return e.status();
    }
    return 200;
}

std::string reason_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const RequestError& e) {
        return e.what();
    }
    return "";
}

TEST(WalkAnswer, TheOptimumWalksItsMovesAndThePathPlaysThemBack) {
    const json a = walk_answer({{"text", kOptimum6}});
    EXPECT_EQ(a["moves"], 115);
    EXPECT_EQ(a["flash"], 117);
    EXPECT_TRUE(a["feasible"].get<bool>());
    EXPECT_TRUE(a["path_complete"].get<bool>());
    EXPECT_EQ(a["path"].size(), 116u);  // the start, then one position a move
    EXPECT_EQ(a["text"], kOptimum6);
    // The visits are the times he left each cell; the path says the same.
    std::vector<std::uint64_t> left(36, 0);
    const auto path = a["path"].get<std::vector<int>>();
    for (std::size_t i = 0; i + 1 < path.size(); ++i) ++left[static_cast<std::size_t>(path[i])];
    EXPECT_EQ(a["visits"].get<std::vector<std::uint64_t>>(), left);
    // The structured board walks the same as its text.
    const json b = walk_answer({{"board", a["board"]}});
    EXPECT_EQ(b["moves"], 115);
    EXPECT_EQ(b["text"], kOptimum6);
}

TEST(WalkAnswer, AgreesWithTheEngineOnRandomCellAndPassageBoards) {
    Rng rng(3);
    for (int i = 0; i < 300; ++i) {
        const Board b = testing_support::random_mixed_board(rng);
        const json a = walk_answer({{"text", b.to_text()}});
        const WalkResult w = evaluate(b);
        ASSERT_EQ(a["feasible"].get<bool>(), w.feasible) << b.to_text();
        if (w.feasible) {
            ASSERT_EQ(a["moves"].get<std::uint64_t>(), w.moves) << b.to_text();
        }
    }
    for (int i = 0; i < 100; ++i) {
        PassageBoard p(1 + static_cast<int>(rng.below(6)), 1 + static_cast<int>(rng.below(6)));
        for (int s = 0; s < p.slots(); ++s) p.set_slot(s, rng.below(3) != 0);
        const json a = walk_answer({{"text", p.to_text()}});
        const WalkCounts w = reference_counts(p);
        ASSERT_EQ(a["feasible"].get<bool>(), w.feasible) << p.to_text();
        if (w.feasible) {
            ASSERT_EQ(a["moves"].get<std::uint64_t>(), w.moves) << p.to_text();
        }
        ASSERT_EQ(walk_answer({{"board", a["board"]}})["text"], a["text"]);
    }
}

// The live view's models are those the table of served models holds (models/board_models.def):
// the hexagonal boards walk as the engine walks them, given as their text or as the structured
// form the answer gives back, and a model the view does not take (graph files) is refused with
// the list of those it does.
TEST(ServedModels, HexBoardsWalkAsTheEngineAndAModelNotServedIsRefusedWithTheList) {
    std::string names;
    for (const ServedModel* m : served_models()) names += std::string(model_name(m->model)) + " ";
    EXPECT_EQ(names, "cells passages hex ");
    EXPECT_EQ(served_model(ModelId::Graph), nullptr);
    // What the page draws and edits them by (GET /api/models).
    const json listed = served_models_json();
    ASSERT_EQ(listed.size(), 3u);
    EXPECT_EQ(listed[2], json({{"name", "hex"}, {"form", "cells"}, {"shape", "hexagon"},
                               {"flash", false},
                               {"text", "a first line \"hex\", then the rows, odd ones indented"}}));
    EXPECT_EQ(listed[1]["form"], "passages");
    EXPECT_EQ(listed[0]["flash"], true);
    Rng rng(5);
    for (int i = 0; i < 200; ++i) {
        const HexCellBoard h =
            HexCellBoard::from_square_cells(testing_support::random_mixed_board(rng));
        const json a = walk_answer({{"text", h.to_text()}});
        ASSERT_EQ(a["board"]["model"], "hex");
        const WalkResult w = evaluate(h);
        ASSERT_EQ(a["feasible"].get<bool>(), w.feasible) << h.to_text();
        if (w.feasible) {
            ASSERT_EQ(a["moves"].get<std::uint64_t>(), w.moves) << h.to_text();
        }
        ASSERT_EQ(walk_answer({{"board", a["board"]}})["text"], a["text"]);
    }
    json graph = walk_answer({{"text", kOptimum6}})["board"];
    graph["model"] = "graph";
    EXPECT_EQ(reason_of([&] { walk_answer({{"board", graph}}); }),
              "board.model: expected \"cells\", \"passages\" or \"hex\"");
}

TEST(WalkAnswer, BadBoardsAreRefusedWithTheReason) {
    EXPECT_EQ(status_of([] { walk_answer({{"text", "S.x\nE..\n"}}); }), 400);
    try {
        walk_answer({{"text", "S.x\nE..\n"}});
    } catch (const RequestError& e) {
        EXPECT_NE(std::string(e.what()).find("board:1: unknown character 'x'"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(status_of([] { walk_answer(json::array()); }), 400);
    EXPECT_EQ(status_of([] { walk_answer({{"nothing", 1}}); }), 400);
    const json good = walk_answer({{"text", kOptimum6}})["board"];
    // The same cells read as a hexagonal board are a board (model hex), walked as one.
    json as_hex = good;
    as_hex["model"] = "hex";
    const json hex = walk_answer({{"board", as_hex}});
    EXPECT_EQ(hex["board"], as_hex);
    EXPECT_EQ(hex["text"].get<std::string>().rfind("hex\n", 0), 0u);
    EXPECT_NE(hex["moves"], walk_answer({{"board", good}})["moves"]);
    for (const auto& [key, value] :
         std::vector<std::pair<std::string, json>>{{"rows", 17},
                                                   {"rows", "6"},
                                                   {"open", json::array({1, 0})},
                                                   {"start", json::array({9, 9})},
                                                   {"exit", json::array({0, 0})},
                                                   {"model", "walls"}}) {
        json bad = good;
        bad[key] = value;
        EXPECT_EQ(status_of([&] { walk_answer({{"board", bad}}); }), 400) << key << value;
    }
}

// A request that says something the walk would not follow is refused naming the field: nothing
// is opened, chosen or passed over without a word.
TEST(WalkAnswer, OddRequestsAreRefusedNamingTheField) {
    const json good = walk_answer({{"text", kOptimum6}})["board"];
    json blocked_start = good;
    blocked_start["open"][0] = 0;
    json blocked_exit = good;
    blocked_exit["open"][30] = 0;
    json colour = good;
    colour["colour"] = "red";
    const json passages = walk_answer({{"text", "+ +-+\n|   |\n+-+ +\n"}})["board"];
    json edge_right = passages;
    edge_right["right"][1] = 1;  // right of the last column: outside the board
    json edge_down = passages;
    edge_down["down"][0] = 1;  // below the last row
    json start_key = passages;
    start_key["start"] = json::array({0, 0});  // a cell board's key
    for (const auto& [request, field] : std::vector<std::pair<json, std::string>>{
             {{{"board", blocked_start}}, "board.open: the start (0, 0) is flagged 0"},
             {{{"board", blocked_exit}}, "board.open: the exit (5, 0) is flagged 0"},
             {{{"board", colour}}, "board.colour: not a key of this board"},
             {{{"board", edge_right}}, "board.right: cell (0, 1) is at the edge"},
             {{{"board", edge_down}}, "board.down: cell (0, 0) is at the edge"},
             {{{"board", start_key}}, "board.start: not a key of this board"},
             {{{"text", kOptimum6}, {"board", good}}, "expected \"text\" or \"board\", not both"},
             {{{"text", kOptimum6}, {"colour", 1}}, "colour: not a key of a walk request"}}) {
        const std::string why = reason_of([&] { walk_answer(request); });
        EXPECT_EQ(status_of([&] { walk_answer(request); }), 400) << request;
        EXPECT_EQ(why.rfind(field, 0), 0u) << why;
    }
    EXPECT_EQ(walk_answer({{"board", passages}})["text"], "+ +-+\n|   |\n+-+ +\n");
}

TEST(WalkAnswer, NumbersThatDoNotFitTheBoardAreRefusedNotWrapped) {
    const json good = walk_answer({{"text", kOptimum6}})["board"];
    const std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
    for (const auto& [key, value, field] : std::vector<std::tuple<std::string, json, std::string>>{
             {"start", json::array({std::uint64_t{1} << 40, 0}), "board.start row"},
             {"exit", json::array({5, (std::uint64_t{1} << 32) + 2}), "board.exit column"},
             {"exit", json::array({most, 5}), "board.exit row"},
             {"start", json::array({0.5, 0}), "board.start row"},
             {"start", json::array({true, 0}), "board.start row"},
             {"rows", (std::int64_t{1} << 32) + 6, "board.rows"},
             {"rows", 6.0, "board.rows"},
             {"cols", true, "board.cols"},
             {"cols", -6, "board.cols"}}) {
        json bad = good;
        bad[key] = value;
        const std::string why = reason_of([&] { walk_answer({{"board", bad}}); });
        EXPECT_NE(why.find(field), std::string::npos) << key << " " << value << ": " << why;
    }
    json fraction = good;
    fraction["open"][3] = 1.0;
    EXPECT_EQ(status_of([&] { walk_answer({{"board", fraction}}); }), 400);
}

TEST(WalkAnswer, AnInfeasibleBoardSaysSoAndHasNoPath) {
    const json a = walk_answer({{"text", "S#\n#.\nE.\n"}});
    EXPECT_FALSE(a["feasible"].get<bool>());
    EXPECT_TRUE(a["moves"].is_null());
    EXPECT_TRUE(a["path"].empty());
    EXPECT_NE(a["message"].get<std::string>().find("infeasible"), std::string::npos);
}

// A scratch folder with a run folder (one repeat) and a file outside it.
struct Folder {
    fs::path root = fs::path(testing_support::test_dir()) / "served";
    Folder() {
        fs::remove_all(root);
        fs::create_directories(root / "runs" / "a");
        std::ofstream(root / "runs" / "a" / "config.json")
            << R"({"name": "a", "repeats": 1, "budget": {"evaluations": 1000},
                   "target": {"kind": "mouse-maze"}, "optimizer": {"kind": "annealing"}})";
        std::ofstream(root / "runs" / "a" / "status") << "running\n";
        std::ofstream(root / "board.txt") << kOptimum6;
        std::ofstream(fs::path(testing_support::test_dir()) / "secret.txt") << "S.\nE.\n";
    }
    void log(const std::string& text) {
        std::ofstream(root / "runs" / "a" / "logbook.csv", std::ios::app) << text;
    }
};

TEST(ServedFolder, PathsStayInsideTheFolder) {
    Folder f;
    ServedFolder s(f.root);
    EXPECT_EQ(s.inside("board.txt"), fs::canonical(f.root / "board.txt"));
    EXPECT_EQ(status_of([&] { s.inside("../secret.txt"); }), 403);
    EXPECT_EQ(status_of([&] { s.inside("runs/../../secret.txt"); }), 403);
    EXPECT_EQ(status_of([&] { s.inside((f.root / "board.txt").string()); }), 403);  // absolute
    EXPECT_EQ(status_of([&] { s.inside("missing.txt"); }), 404);
    fs::create_symlink(fs::path(testing_support::test_dir()) / "secret.txt", f.root / "link.txt");
    EXPECT_EQ(status_of([&] { s.inside("link.txt"); }), 403);
    EXPECT_EQ(status_of([&] { s.board("link.txt"); }), 403);
    EXPECT_EQ(s.board("board.txt")["moves"], 115);
}

TEST(ServedFolder, ALogbookIsReadAsItIsWrittenAndFromAnyRow) {
    Folder f;
    ServedFolder s(f.root);
    f.log("gen,evals,rejected,best,mean,std,min,max,seconds\n1,100,3,40,20,5,10,40,0.5\n2,2");
    json b = s.logbook("runs/a", ".", 0);
    EXPECT_EQ(b["rows"].size(), 1u);  // the half-written row waits
    EXPECT_EQ(b["next"], 1);
    f.log("00,4,50,25,5,10,50,1.0\n");
    b = s.logbook("runs/a", ".", 1);
    ASSERT_EQ(b["rows"].size(), 1u);
    EXPECT_EQ(b["rows"][0][1], 200);
    EXPECT_EQ(b["next"], 2);
    const FolderLock held(f.root / "runs" / "a", "a run");  // a live process runs it
    const json runs = s.runs();
    ASSERT_EQ(runs["runs"].size(), 1u);
    const json& r = runs["runs"][0];
    EXPECT_EQ(r["path"], "runs/a");
    EXPECT_EQ(r["status"], "running");
    EXPECT_EQ(r["best"], 50);
    EXPECT_EQ(r["evaluations"], 200);
    EXPECT_DOUBLE_EQ(r["speed"].get<double>(), 200.0);
    EXPECT_DOUBLE_EQ(r["time_to_go"].get<double>(), 4.0);  // 800 evaluations at 200 a second
    EXPECT_EQ(status_of([&] { s.logbook("runs/a", "../..", 0); }), 400);
    EXPECT_EQ(status_of([&] { s.run("board.txt"); }), 404);
    const json boards = s.boards();
    ASSERT_EQ(boards["boards"].size(), 1u);
    EXPECT_EQ(boards["boards"][0]["path"], "board.txt");
}

TEST(ServedFolder, NoFileIsReadThroughALinkOutOrWhenItIsNotARegularFile) {
    Folder f;
    ServedFolder s(f.root);
    f.log("gen,evals,rejected,best,mean,std,min,max,seconds\n1,100,3,40,20,5,10,40,0.5\n");
    const fs::path best = f.root / "runs" / "a" / "best.txt";
    fs::create_symlink(fs::path(testing_support::test_dir()) / "secret.txt", best);
    // The board is not read; the run is shown without it, and says why.
    EXPECT_TRUE(s.run("runs/a")["best_board"].is_null());
    EXPECT_EQ(s.run("runs/a")["best_board_error"],
              "runs/a/best.txt: a link that leads out of the served folder");
    fs::remove(best);
    fs::create_symlink("../../board.txt", best);  // a link that stays inside is followed
    EXPECT_EQ(s.run("runs/a")["best_board"], kOptimum6);
    const fs::path logbook = f.root / "runs" / "a" / "logbook.csv";
    fs::remove(logbook);
    ASSERT_EQ(::mkfifo(logbook.c_str(), 0600), 0);
    EXPECT_EQ(status_of([&] { s.logbook("runs/a", ".", 0); }), 403);
    EXPECT_EQ(status_of([&] { s.run("runs/a"); }), 403);
    const json rows = s.runs()["runs"];  // listed with the reason, not waited on
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0]["status"], "unreadable");
    EXPECT_EQ(rows[0]["error"], "runs/a/logbook.csv: not a regular file");
}

TEST(ServedFolder, RepeatsAreTheFoldersThereAreNotTheCountAFileClaims) {
    Folder f;
    std::ofstream(f.root / "runs" / "a" / "config.json")
        << R"({"name": "a", "repeats": 100000000})";
    for (const char* r : {"repeat-000", "repeat-001"}) {
        fs::create_directory(f.root / "runs" / "a" / r);
        std::ofstream(f.root / "runs" / "a" / r / "logbook.csv") << "gen,evals,best\n1,10,7\n";
    }
    const json run = ServedFolder(f.root).run("runs/a");
    ASSERT_EQ(run["repeats"].size(), 2u);
    EXPECT_EQ(run["repeats"][1]["folder"], "repeat-001");
    EXPECT_EQ(run["best"], 7);
}

TEST(ServedFolder, ALongLogbooksLastRowIsReadFromItsEnd) {
    Folder f;
    std::string text = "gen,evals,rejected,best,mean,std,min,max,seconds\n";
    for (int g = 1; g <= 20000; ++g)
        text += std::to_string(g) + "," + std::to_string(100 * g) + ",3," +
                std::to_string(g % 997) + ",20,5,10,40," + std::to_string(g) + "\n";
    f.log(text + "20001,2");  // a row still being written
    const json row = ServedFolder(f.root).runs()["runs"][0];
    EXPECT_EQ(row["evaluations"], 2000000);
    EXPECT_EQ(row["best"], 20000 % 997);
    EXPECT_EQ(row["seconds"], 20000);
}

// JSON has no infinity: a run that ends at -inf (a cat trap that cannot be won) is "-inf" in
// every answer, as in the run's own files, never null (which says "no score yet").
TEST(ServedFolder, InfiniteScoresAreWrittenAsTheRunFilesWriteThem) {
    Folder f;
    f.log("gen,evals,rejected,best,mean,std,min,max,seconds\n1,40,0,-inf,-inf,0,-inf,-inf,0.1\n");
    ServedFolder s(f.root);
    const json rows = s.logbook("runs/a", ".", 0)["rows"];
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0][3], "-inf");
    EXPECT_EQ(rows[0][1], 40);
    EXPECT_EQ(s.runs()["runs"][0]["best"], "-inf");  // running: from the logbook
    std::ofstream(f.root / "runs" / "a" / "status", std::ios::trunc) << "finished\n";
    std::ofstream(f.root / "runs" / "a" / "summary.json")
        << R"({"best_score": "-inf", "evaluations": 40, "seconds": 0.1})";
    const json run = s.run("runs/a");
    ASSERT_EQ(run["repeats"].size(), 1u);
    EXPECT_EQ(run["repeats"][0]["best"], "-inf");  // finished: from summary.json
}

TEST(RequestGate, TheHostIsReadExactly) {
    EXPECT_TRUE(local_host("127.0.0.1:8080", 8080));
    EXPECT_TRUE(local_host("127.0.0.1", 8080));
    EXPECT_TRUE(local_host("localhost:8080", 8080));
    EXPECT_TRUE(local_host("[::1]:8080", 8080));
    EXPECT_FALSE(local_host("localhost:evil", 8080));
    EXPECT_FALSE(local_host("127.0.0.1:8080@evil.example", 8080));
    EXPECT_FALSE(local_host("127.0.0.1:8081", 8080));
    EXPECT_FALSE(local_host("127.0.0.1:", 8080));
    EXPECT_FALSE(local_host("[::1]evil", 8080));
    EXPECT_FALSE(local_host("evil.example", 8080));
    EXPECT_FALSE(local_host("", 8080));
}

TEST(RequestGate, CookiesAndQueryParametersAreFoundByTheirExactName) {
    EXPECT_EQ(cookie_value("a=b; mazesearch_token=T", "mazesearch_token"), "T");
    EXPECT_EQ(cookie_value("a=b;mazesearch_token=T;c=d", "mazesearch_token"), "T");
    EXPECT_EQ(cookie_value("xmazesearch_token=T", "mazesearch_token"), std::nullopt);
    EXPECT_EQ(cookie_value("x=mazesearch_token=T", "mazesearch_token"), std::nullopt);
    EXPECT_EQ(query_value("/api/runs?a=1&token=T%41", "token"), "TA");
    EXPECT_EQ(query_value("/api/runs?xtoken=T", "token"), std::nullopt);
    EXPECT_EQ(query_value("/api/runs?a=token=T", "token"), std::nullopt);
}

TEST(RequestGate, AHeadIsJudgedBeforeItsBodyIsRead) {
    const GateRules local{8080, "", 1000}, token{8080, "secret", 1000};
    const auto status = [](const std::string& head, const GateRules& r) {
        return judge_head(head, r).status;
    };
    const std::string get = "GET /api/runs HTTP/1.1\r\n";
    EXPECT_EQ(head_length(get + "Host: 127.0.0.1\r\n"), std::nullopt);
    const std::string host = "Host: 127.0.0.1\r\n\r\n";
    EXPECT_EQ(head_length(get + host + "rest"), get.size() + host.size());
    EXPECT_EQ(status(get + "Host: 127.0.0.1:8080\r\n\r\n", local), 0);
    EXPECT_EQ(status(get + "Host: 127.0.0.1\r\nHost: 127.0.0.1\r\n\r\n", local), 400);
    EXPECT_EQ(status(get + "\r\n", local), 400);
    EXPECT_EQ(status(get + "Host: evil.example\r\n\r\n", local), 403);
    EXPECT_EQ(status(get + "Host : 127.0.0.1\r\n\r\n", local), 400);
    EXPECT_EQ(status(get + "Host: 127.0.0.1\nX: y\r\n\r\n", local), 400);
    std::string many = get + "Host: 127.0.0.1\r\n";
    for (int i = 0; i < 100; ++i) many += "X: y\r\n";
    EXPECT_EQ(status(many + "\r\n", local), 431);
    const std::string post = "POST /api/walk HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    EXPECT_EQ(status(post + "Content-Length: 1001\r\n\r\n", local), 413);
    EXPECT_EQ(status(post + "Content-Length: 1\r\nContent-Length: 1\r\n\r\n", local), 400);
    EXPECT_EQ(status(post + "Content-Length: -1\r\n\r\n", local), 400);
    EXPECT_EQ(status(post + "Transfer-Encoding: chunked\r\n\r\n", local), 411);
    const GateVerdict v =
        judge_head(post + "Content-Length: 999\r\nExpect: 100-continue\r\n\r\n", local);
    EXPECT_EQ(v.status, 0);
    EXPECT_EQ(v.body_bytes, 999u);
    EXPECT_TRUE(v.expect_continue);
    EXPECT_EQ(v.head, post + "Content-Length: 999\r\n\r\n");
    EXPECT_EQ(judge_head(get + "Host: 127.0.0.1\r\nRange: bytes=0-1,0-1\r\n\r\n", local).head,
              get + "Host: 127.0.0.1\r\n\r\n");  // the whole is answered
    // With a token, it is asked for before the body, whatever the Host.
    const std::string walk =
        "POST /api/walk HTTP/1.1\r\nHost: example.org\r\nContent-Length: 9\r\n";
    EXPECT_EQ(status(walk + "\r\n", token), 403);
    EXPECT_EQ(status(walk + "Cookie: xmazesearch_token=secret\r\n\r\n", token), 403);
    EXPECT_EQ(status(walk + "Cookie: mazesearch_token=secret\r\n\r\n", token), 0);
    EXPECT_EQ(status("POST /api/walk?token=secret HTTP/1.1\r\nHost: a\r\n\r\n", token), 0);
}

}  // namespace
}  // namespace maze::experiments
