"""exportgen: synthetic chat exports for reaction-report's checks and benchmarks.

Two shapes, one command line (`python3 -m exportgen`, with Tests/generators on PYTHONPATH):

- truth: an export of a few thousand messages from the world of world.py (reactions, replies,
  bots, quiet spells of days), the ground truth for it and the settings to build it with
  (truth.py), for pubnub, stream, cometchat, slack, slack-zip, discord, telegram and matrix;
  one writer module per platform. Tests/generated/run.sh builds each with those settings and
  checks the build against the truth with verify_messages.py, verify_weeks.py and
  verify_figures.py (issue 17's replies, people, pairs, groups; issue 30's responses and
  questions, with responses.py, and participation, levels and cohorts, with participation.py);
  selftest.py tests the latter
  on hand-made builds.
- large: seeded exports of up to millions of messages with no truth (large.py), for
  Benchmarks/run.sh and Benchmarks/zipped.sh.

Imports only go one way: __main__ imports the platform writers, large, truth and the
verifiers and selftest; writers, large and truth import jsonwriter, the platform writers and
truth world; verify_figures imports verify_weeks (the week and median rules), responses
(which imports figures) and participation (which imports nothing of the package), selftest verify_figures and responses, verify_weeks figures; world,
jsonwriter, verify_messages and figures import nothing of the package. Nothing imports __main__.

The verifiers live here because they read what this package writes (expected.jsonl,
expected-bots.json, reaction-report.toml) beside what reaction-report writes, and run only after
the truth command.
"""
