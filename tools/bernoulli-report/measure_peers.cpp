// Peers section: PyTorch and NumPy timed by bernoulli_peers.py in a python3
// subprocess with the report's warm-up/run protocol, one process per peer.
// A peer that is not installed is skipped with the reason.
#include <cstdio>

#include "python_finder.h"
#include "run_self.h"
#include "sections.h"
#include "subprocess.h"

namespace asctwin::report {
namespace {

std::string joinNames(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + v[i];
  return s;
}

// One peer: the first interpreter that can import it does the timing.
void measurePeer(Report& r, const std::string& peer) {
  const Options& o = r.options;
  PeerInfo info;
  info.name = peer;
  const std::vector<std::string> pythons = pythonCandidates(o.python);
  std::string reasons;
  nlohmann::json answer;
  for (const std::string& py : pythons) {
    char prob[64];
    std::snprintf(prob, sizeof prob, "%.17g", o.prob);
    const ProcessResult p =
        runProcess({py, scriptPath("bernoulli_peers.py"), "--peer", peer, "--dtypes",
                    joinNames(o.dtypes), "--shape", joinShape(o.shape), "--prob", prob, "--seed",
                    std::to_string(o.seed), "--warmup", std::to_string(o.warmup), "--runs",
                    std::to_string(o.runs), "--threads", std::to_string(r.cores)});
    nlohmann::json j = nlohmann::json::parse(p.out, nullptr, false);
    if (!p.started || p.exitCode != 0 || j.is_discarded()) {
      std::string why = !p.started ? "cannot run" : p.err.substr(0, 300);
      reasons += (reasons.empty() ? "" : "; ") + py + ": " + why;
      continue;
    }
    if (!j.value("available", false)) {
      reasons += (reasons.empty() ? "" : "; ") + j.value("note", py + ": not available");
      continue;
    }
    answer = std::move(j);
    break;
  }
  if (answer.is_null()) {
    info.note = pythons.empty() ? "no python3 found" : "not installed (" + reasons + ")";
    for (TimeRow& row : r.time) row.peers[peer].note = peer + " not installed";
    r.peers.push_back(info);
    return;
  }
  info.available = true;
  info.interpreter = answer.value("interpreter", std::string());
  info.version = answer.value("version", std::string());
  info.threads = answer.value("threads", 0);
  const nlohmann::json& dtypes = answer.at("dtypes");
  for (TimeRow& row : r.time) {
    Timing& t = row.peers[peer];
    if (!dtypes.contains(row.dtype)) {
      t.note = "no answer";
      continue;
    }
    const nlohmann::json& d = dtypes.at(row.dtype);
    if (d.contains("skipped")) {
      t.note = d.at("skipped").get<std::string>();
      continue;
    }
    t.ok = true;
    t.ms = d.at("times_ms").get<std::vector<double>>();
    t.p50 = percentile(t.ms, 50);
    t.p90 = percentile(t.ms, 90);
  }
  r.peers.push_back(info);
}

}  // namespace

int peerSteps(const Options& o) {
  if (o.skips("time")) return 0;
  return (o.wantsPeer("torch") ? 1 : 0) + (o.wantsPeer("numpy") ? 1 : 0);
}

void measurePeers(Report& r, Progress& bar) {
  for (const char* peer : {"torch", "numpy"}) {
    if (!r.options.wantsPeer(peer)) continue;
    bar.step(std::string("peer ") + peer);
    measurePeer(r, peer);
  }
}

}  // namespace asctwin::report
