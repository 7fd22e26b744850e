// The report's three outputs: the terminal table, the JSON file and the PNG
// charts (drawn by bernoulli_charts.py from the JSON).
#pragma once

#include <cstdio>
#include <nlohmann/json.hpp>

#include "report.h"

namespace asctwin::report {

void printReport(const Report& r, std::FILE* f);
nlohmann::json reportJson(const Report& r);
// Writes the JSON to r.options.json; false (with a message on stderr) on failure.
bool writeJson(const Report& r, const nlohmann::json& j);
// Draws the charts into r.options.pngDir from the JSON file; records the
// files written, or a note saying why there are none, in r.
void drawCharts(Report& r);

}  // namespace asctwin::report
