// Where a JSON reader that names the line of a bad item is in its text (graph files:
// located_json.cpp; Cat and Mouse inputs: games/cat_mouse/parser.cpp): the SAX parser reads the
// text through begin() and end(), which mark the furthest byte read (json_read_mark.hpp), and at
// each of its events this gives where the value just reported begins, its line and column, the
// byte there for a message, and a syntax error's reason in our words.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "mazesearch/engine/json_read_mark.hpp"

namespace maze {

class JsonTextPlace {
  public:
    explicit JsonTextPlace(std::string_view text) : text_(text), read_(text.data()) {}

    // The text for nlohmann's sax_parse; both ends record how far it has read.
    JsonReadMark begin() { return JsonReadMark(text_.data(), &read_); }
    JsonReadMark end() { return JsonReadMark(text_.data() + text_.size(), &read_); }

    // The bytes the parser has read.
    std::size_t consumed() const { return static_cast<std::size_t>(read_ - text_.data()); }

    // The first byte of the number just read: the parser has read one byte past its end, unless
    // the text ended there.
    std::size_t number_start() const {
        std::size_t at = consumed();
        if (at > 0 && !json_number_char(text_[at - 1])) --at;
        while (at > 0 && json_number_char(text_[at - 1])) --at;
        return at;
    }

    // The opening quote of the string just read (the parser stops on its closing quote).
    std::size_t string_start() const {
        std::size_t at = consumed() - 1;
        for (;;) {
            --at;
            std::size_t slashes = 0;
            while (slashes < at && text_[at - 1 - slashes] == '\\') ++slashes;
            if (text_[at] == '"' && slashes % 2 == 0) return at;
        }
    }

    // 1-based line and column of the byte at `at`. The parser's events come in the order of the
    // text, so the lines are counted forward from the last call.
    std::pair<int, int> where(std::size_t at) {
        if (at < counted_) {
            counted_ = 0;
            line_ = 1;
            line_start_ = 0;
        }
        for (; counted_ < at && counted_ < text_.size(); ++counted_)
            if (text_[counted_] == '\n') {
                ++line_;
                line_start_ = counted_ + 1;
            }
        return {line_, static_cast<int>(at - line_start_) + 1};
    }

    // The byte at `at`, for a message.
    std::string found(std::size_t at) const {
        if (at >= text_.size()) return "the end of the input";
        const auto ch = static_cast<unsigned char>(text_[at]);
        if (ch < 32 || ch > 126) return "a byte " + std::to_string(ch);
        return std::string("'") + text_[at] + "'";
    }

    // A syntax error at the parser's `position` (its count of bytes read, 1-based: the byte at
    // which it gave up, one past the end for a text that ends too soon) with nlohmann's message
    // `what`: the offending byte's place and the reason. what() reads "[json.exception.
    // parse_error.101] parse error at line L, column C: why"; the line and column are ours, the
    // reason is nlohmann's, less its "last read" part (all the text since the last string or
    // number, not only the offending token), with the offending byte instead.
    std::pair<std::size_t, std::string> syntax_error(std::size_t position, std::string why) const {
        const std::size_t colon = why.find(": ");
        if (colon != std::string::npos) why.erase(0, colon + 2);
        const std::size_t last = why.find("; last read: ");
        if (last != std::string::npos) {
            const std::size_t expected = why.find("; expected ", last);
            why.erase(last, expected == std::string::npos ? std::string::npos : expected - last);
        }
        const std::size_t at = position > 0 ? position - 1 : 0;
        if (why.find("unexpected end of input") == std::string::npos) why += "; found " + found(at);
        return {at, why};
    }

  private:
    std::string_view text_;
    const char* read_;
    std::size_t counted_ = 0;
    int line_ = 1;
    std::size_t line_start_ = 0;
};

}  // namespace maze
