#include "mazesearch/engine/located_json.hpp"

#include <algorithm>
#include <iterator>
#include <optional>
#include <utility>

#include "mazesearch/engine/input_error.hpp"
#include "mazesearch/engine/json_text_place.hpp"

namespace maze {

namespace {

using Json = nlohmann::json;

// One pass over the text with nlohmann's SAX parser that knows where each value begins and what
// its path is. It either builds the document (checking keys for repeats) or looks for the value
// or key at one path and stops there.
class Pass : public nlohmann::json_sax<Json> {
  public:
    // Building the document.
    Pass(std::string_view text, const std::string& source, Json* root)
        : text_(text), source_(source), root_(root), place_(text) {}
    // Looking for `target` (its key, when `key` is set).
    Pass(std::string_view text, const std::string& source, const JsonPath& target, bool key)
        : text_(text), source_(source), target_(&target), want_key_(key), place_(text) {}

    // Returns whether the whole text was read (false: a search stopped at its target).
    bool run() { return Json::sax_parse(place_.begin(), place_.end(), this); }
    int found_line() const { return found_line_; }

    bool null() override { return scalar(consumed() - 4, nullptr); }
    bool boolean(bool v) override { return scalar(consumed() - (v ? 4 : 5), v); }
    bool number_integer(number_integer_t v) override { return scalar(number_start(), v); }
    bool number_unsigned(number_unsigned_t v) override { return scalar(number_start(), v); }
    bool number_float(number_float_t v, const string_t&) override {
        return scalar(number_start(), v);
    }
    bool string(string_t& v) override { return scalar(string_start(), std::move(v)); }
    bool binary(binary_t&) override { return false; }  // never in JSON text

    bool start_object(std::size_t) override { return open(false); }
    bool start_array(std::size_t) override { return open(true); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override {
        const std::size_t at = string_start();
        Frame& f = frames_.back();
        f.key = k;
        if (target_) {
            if (want_key_ && at_target()) return stop(at);
            return true;
        }
        Json& object = *containers_.back();
        if (object.contains(k)) {
            // The line of the first one: a second pass up to it (an error path only).
            JsonPath first = path();
            Pass again(text_, source_, first, true);
            again.run();
            throw InputError(source_, line_at(at),
                             "the key " + Json(k).dump() +
                                 " appears twice in one object (first "
                                 "on line " +
                                 std::to_string(again.found_line()) + "); expected each key once");
        }
        member_ = &object[k];
        return true;
    }

    // `position` is the parser's count of bytes read, 1-based: the byte at which it gave up (one
    // past the end for a text that ends too soon).
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& e) override {
        const auto [at, why] = place_.syntax_error(position, e.what());
        const auto [line, column] = place_.where(at);
        throw InputError(source_, line, "column " + std::to_string(column) + ": " + why);
    }

  private:
    struct Frame {
        bool array = false;
        std::size_t index = 0;  // arrays: the index of the next value
        std::string key;        // objects: the key of the next value
    };

    std::size_t consumed() const { return place_.consumed(); }
    std::size_t number_start() const { return place_.number_start(); }
    std::size_t string_start() const { return place_.string_start(); }
    int line_at(std::size_t at) { return place_.where(at).first; }

    // The path of the value about to be read.
    JsonPath path() const {
        JsonPath p;
        p.reserve(frames_.size());
        for (const Frame& f : frames_) p.push_back(f.array ? std::to_string(f.index) : f.key);
        return p;
    }

    bool at_target() const {
        if (frames_.size() != target_->size()) return false;
        for (std::size_t i = 0; i < frames_.size(); ++i) {
            const Frame& f = frames_[i];
            const std::string& want = (*target_)[i];
            if (f.array ? want != std::to_string(f.index) : want != f.key) return false;
        }
        return true;
    }

    bool stop(std::size_t at) {
        found_line_ = line_at(at);
        return false;
    }

    // Where the next value goes in the document being built.
    template <typename V>
    Json* place(V&& v) {
        if (containers_.empty()) {
            *root_ = Json(std::forward<V>(v));
            return root_;
        }
        Json& c = *containers_.back();
        if (c.is_array()) {
            c.emplace_back(std::forward<V>(v));
            return &c.back();
        }
        *member_ = Json(std::forward<V>(v));
        return member_;
    }

    void advance() {
        if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    }

    template <typename V>
    bool scalar(std::size_t at, V&& v) {
        if (target_) {
            if (!want_key_ && at_target()) return stop(at);
        } else {
            place(std::forward<V>(v));
        }
        advance();
        return true;
    }

    bool open(bool array) {
        if (target_) {
            if (!want_key_ && at_target()) return stop(consumed() - 1);
        } else {
            containers_.push_back(place(array ? Json::value_t::array : Json::value_t::object));
        }
        frames_.push_back(Frame{array, 0, {}});
        return true;
    }

    bool close() {
        frames_.pop_back();
        if (!target_) containers_.pop_back();
        advance();
        return true;
    }

    std::string_view text_;
    const std::string& source_;
    Json* root_ = nullptr;
    const JsonPath* target_ = nullptr;
    bool want_key_ = false;
    JsonTextPlace place_;
    std::vector<Frame> frames_;
    std::vector<Json*> containers_;
    Json* member_ = nullptr;
    int found_line_ = 0;
};

bool plain_word(const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-';
    });
}

}  // namespace

std::string json_path_text(const JsonPath& path) {
    // Which tokens are indices is not known from the path alone; the callers give indices only
    // where the document has arrays, and those are all digits. A key that is all digits is
    // written as an index too, which reads the same to a person.
    std::string out;
    for (const std::string& t : path) {
        const bool index = !t.empty() && std::all_of(t.begin(), t.end(),
                                                     [](char c) { return c >= '0' && c <= '9'; });
        // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) about "." + a temporary.
        if (index) {
            out.append("[").append(t).append("]");
        } else {
            if (!out.empty()) out.append(".");
            out.append(plain_word(t) ? t : Json(t).dump());
        }
    }
    return out;
}

LocatedJson::LocatedJson(std::string_view text, std::string source)
    : text_(text), source_(std::move(source)) {
    Pass pass(text_, source_, &root_);
    // Every failure throws; a pass that stops otherwise would be a bug of the pass.
    if (!pass.run()) throw InputError(source_, 0, "the JSON text could not be read");
}

int LocatedJson::line_of(const JsonPath& path) const {
    Pass pass(text_, source_, path, false);
    pass.run();
    return pass.found_line();
}

int LocatedJson::key_line_of(const JsonPath& path) const {
    if (path.empty()) return 0;
    Pass pass(text_, source_, path, true);
    pass.run();
    return pass.found_line();
}

}  // namespace maze
