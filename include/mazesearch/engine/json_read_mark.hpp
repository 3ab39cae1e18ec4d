// For the JSON readers that name the line of a bad item (graph files: located_json.cpp; Cat and
// Mouse inputs: games/cat_mouse/parser.cpp): nlohmann's SAX parser walks the text through
// JsonReadMark, which records the furthest byte read. The parser reads one byte at a time, so at
// each of its events it has read exactly the value it reports, and for a number one byte more
// (the byte that ends it: json_number_char tells how far back the number starts).
#pragma once

#include <cstddef>
#include <iterator>

namespace maze {

inline bool json_number_char(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

class JsonReadMark {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    JsonReadMark() = default;
    JsonReadMark(const char* at, const char** furthest) : at_(at), furthest_(furthest) {}
    reference operator*() const { return *at_; }
    JsonReadMark& operator++() {
        ++at_;
        if (at_ > *furthest_) *furthest_ = at_;
        return *this;
    }
    JsonReadMark operator++(int) {
        JsonReadMark old = *this;
        ++*this;
        return old;
    }
    friend bool operator==(const JsonReadMark& a, const JsonReadMark& b) { return a.at_ == b.at_; }

  private:
    const char* at_ = nullptr;
    const char** furthest_ = nullptr;
};

}  // namespace maze
