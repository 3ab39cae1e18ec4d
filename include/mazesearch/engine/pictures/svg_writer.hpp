// The one place that writes SVG text: elements with their attributes in the order given, one
// element a line indented two spaces a level, text and attribute values XML-escaped, numbers
// written locale-free with at most two decimals, colours as #rrggbb, path data and point lists.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace maze::pictures {

// A number with at most two decimals, trailing zeros dropped ("12", "12.5", "12.25", "-3.1");
// not a number or an infinity is written "0".
std::string format_number(double v);

// Escapes & < > " ' for element content and attribute values; control characters (which XML 1.0
// forbids or a title line collapses) become spaces.
std::string xml_escape(std::string_view s);

// Rough advance width of sans-serif text of font size `size`, for layout only.
double approx_text_width(std::string_view s, double size);

struct Rgb {
    int r = 0;
    int g = 0;
    int b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

// "#rrggbb" in lower case, each channel clamped to [0, 255].
std::string colour_text(Rgb c);

// The attributes of one element, written in the order they were set. Values are escaped when
// the element is written.
class Attributes {
  public:
    Attributes& set(std::string_view name, std::string_view value);
    Attributes& set(std::string_view name, const char* value) {
        return set(name, std::string_view(value));
    }
    Attributes& set(std::string_view name, const std::string& value) {
        return set(name, std::string_view(value));
    }
    Attributes& set(std::string_view name, double value);
    Attributes& set(std::string_view name, int value) {
        return set(name, static_cast<double>(value));
    }
    Attributes& set(std::string_view name, Rgb colour);
    // Appends every attribute of `more` (for an element's optional extras).
    Attributes& append(const Attributes& more);

    bool empty() const { return list_.empty(); }
    const std::vector<std::pair<std::string, std::string>>& list() const { return list_; }

  private:
    std::vector<std::pair<std::string, std::string>> list_;
};

// Path data ("M0 0.5H16V8..."), absolute commands, numbers as format_number writes them.
class PathData {
  public:
    PathData& move_to(double x, double y);
    PathData& horizontal_to(double x);
    PathData& vertical_to(double y);
    PathData& line_to(double x, double y);
    PathData& close();
    const std::string& text() const { return d_; }

  private:
    std::string d_;
};

// A polygon's or polyline's points attribute: "x,y x,y ...".
std::string points_text(const std::vector<std::pair<double, double>>& points);

// Builds a document element by element. Every open() needs its close(); finish() checks that
// and returns the text.
class SvgWriter {
  public:
    // <?xml version="1.0" encoding="UTF-8"?>, once, before anything else.
    void declaration();
    // <tag attributes>, and the elements after it nest inside until close().
    void open(std::string_view tag, const Attributes& attributes = {});
    // </tag> of the innermost open element; throws std::logic_error when none is open.
    void close();
    // <tag attributes/>
    void empty_element(std::string_view tag, const Attributes& attributes);
    // <tag attributes>escaped text</tag>
    void text_element(std::string_view tag, const Attributes& attributes, std::string_view text);
    std::size_t depth() const { return open_.size(); }
    // The document; throws std::logic_error if an element is still open.
    std::string finish();

  private:
    void start_line();
    void write_start_tag(std::string_view tag, const Attributes& attributes);

    std::string out_;
    std::vector<std::string> open_;
};

}  // namespace maze::pictures
