#include "mazesearch/engine/pictures/svg_writer.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace maze::pictures {

std::string format_number(double v) {
    if (!std::isfinite(v)) return "0";
    const long long hundredths = std::llround(v * 100.0);
    const bool negative = hundredths < 0;
    const unsigned long long a = negative ? 0ull - static_cast<unsigned long long>(hundredths)
                                          : static_cast<unsigned long long>(hundredths);
    std::string out = negative ? "-" : "";
    out += std::to_string(a / 100);
    const unsigned long long frac = a % 100;
    if (frac != 0) {
        out += '.';
        out += static_cast<char>('0' + frac / 10);
        if (frac % 10 != 0) out += static_cast<char>('0' + frac % 10);
    }
    return out;
}

std::string xml_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const char ch : s) {
        switch (ch) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += static_cast<unsigned char>(ch) < 0x20 ? ' ' : ch;
        }
    }
    return out;
}

double approx_text_width(std::string_view s, double size) {
    return 0.6 * size * static_cast<double>(s.size());
}

std::string colour_text(Rgb c) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out = "#";
    for (const int v : {c.r, c.g, c.b}) {
        const int x = std::clamp(v, 0, 255);
        out += kDigits[x >> 4];
        out += kDigits[x & 15];
    }
    return out;
}

Attributes& Attributes::set(std::string_view name, std::string_view value) {
    list_.emplace_back(std::string(name), std::string(value));
    return *this;
}

Attributes& Attributes::set(std::string_view name, double value) {
    return set(name, std::string_view(format_number(value)));
}

Attributes& Attributes::set(std::string_view name, Rgb colour) {
    return set(name, std::string_view(colour_text(colour)));
}

Attributes& Attributes::append(const Attributes& more) {
    list_.insert(list_.end(), more.list_.begin(), more.list_.end());
    return *this;
}

PathData& PathData::move_to(double x, double y) {
    d_ += 'M' + format_number(x) + ' ' + format_number(y);
    return *this;
}

PathData& PathData::horizontal_to(double x) {
    d_ += 'H' + format_number(x);
    return *this;
}

PathData& PathData::vertical_to(double y) {
    d_ += 'V' + format_number(y);
    return *this;
}

PathData& PathData::line_to(double x, double y) {
    d_ += 'L' + format_number(x) + ' ' + format_number(y);
    return *this;
}

PathData& PathData::close() {
    d_ += 'Z';
    return *this;
}

std::string points_text(const std::vector<std::pair<double, double>>& points) {
    std::string out;
    for (const auto& [x, y] : points) {
        if (!out.empty()) out += ' ';
        out += format_number(x) + ',' + format_number(y);
    }
    return out;
}

void SvgWriter::declaration() {
    if (!out_.empty()) throw std::logic_error("SvgWriter: the XML declaration must come first");
    out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
}

void SvgWriter::start_line() {
    out_.append(open_.size() * 2, ' ');
}

void SvgWriter::write_start_tag(std::string_view tag, const Attributes& attributes) {
    out_ += '<';
    out_ += tag;
    for (const auto& [name, value] : attributes.list()) {
        out_ += ' ';
        out_ += name;
        out_ += "=\"";
        out_ += xml_escape(value);
        out_ += '"';
    }
}

void SvgWriter::open(std::string_view tag, const Attributes& attributes) {
    start_line();
    write_start_tag(tag, attributes);
    out_ += ">\n";
    open_.emplace_back(tag);
}

void SvgWriter::close() {
    if (open_.empty()) throw std::logic_error("SvgWriter: close() without an open element");
    const std::string tag = std::move(open_.back());
    open_.pop_back();
    start_line();
    out_ += "</" + tag + ">\n";
}

void SvgWriter::empty_element(std::string_view tag, const Attributes& attributes) {
    start_line();
    write_start_tag(tag, attributes);
    out_ += "/>\n";
}

void SvgWriter::text_element(std::string_view tag, const Attributes& attributes,
                             std::string_view text) {
    start_line();
    write_start_tag(tag, attributes);
    out_ += '>';
    out_ += xml_escape(text);
    out_ += "</";
    out_ += tag;
    out_ += ">\n";
}

std::string SvgWriter::finish() {
    if (!open_.empty())
        throw std::logic_error("SvgWriter: <" + open_.back() + "> is still open at the end");
    return std::move(out_);
}

}  // namespace maze::pictures
