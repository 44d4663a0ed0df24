-- Every figure of data/weeks.json, computed from the facts tables (docs/facts.md), in DuckDB.
--
-- The tables, as sql/weeks.py loads them from data/facts/*.jsonl:
--   report         one row: timezone, topN, firstWeek, lastWeek, groups (the configured
--                  groups in their order), excludeBots, responseWindow and questionMarks, as
--                  report.jsonl has them
--   messages       + ord, the row's place in messages.jsonl (the report's message order; over
--                  several shards' folders, the place in that order over all of them)
--   totals, people, conversations (with support)
--   reactions      + ord, the row's place in reactions.jsonl (messages in report order, each
--                  one's emoji in bubble order, reactors earliest first)
-- The result: one row per week, earliest first, its columns in data/weeks.json's order; the
-- rankings, conversations and groups are lists of structs whose fields are the JSON keys.
--
-- The rules are those of Sources/ReactionReportKit/Analysis (WeeklyReport, Engagement,
-- Overview, PeopleReport, ReplyTimes, Responses, Participation, WeekCalendar, TopN); each CTE
-- says which figure it is.
-- Ids and keys are compared as UTF-8 bytes, which is how DuckDB compares strings (no
-- collation is set). Times are RFC 3339 in UTC with 0 to 9 fraction digits: they are read as
-- whole nanoseconds since 1970 (a BIGINT), because a TIMESTAMP keeps only microseconds and
-- the whole seconds between two times can depend on the digits after those.
--
-- sql/weeks.spark.sql is the same query in Spark SQL; its header lists where the two differ.

WITH
-- The report's settings. skip_bot_messages: with excludeBots (the default), reactions on
-- bots' messages count in no received ranking and no pair.
settings AS (
    SELECT timezone AS tz, topN AS top_n, firstWeek AS first_week, lastWeek AS last_week,
           excludeBots AS skip_bot_messages, responseWindow AS response_window, questionMarks AS question_marks,
           -- engagementLevels: the posting days in 28 from which a person is core and regular
           coreDays AS core_days, regularDays AS regular_days
    FROM report
),

-- The question rule (Responses): a text asks when it holds a character of questionMarks other
-- than `?` anywhere (`anywhere`: a class of them, each ASCII character that is no letter or
-- digit escaped with a backslash, so that none is special in it; U+037E among them); `?` (when
-- a mark) followed by the end or by no letter, no number and none of = & / % (not a link's
-- `?a=1`); `;` right after a Greek character (U+0370–U+03FF, U+1F00–U+1FFF) when U+037E, the
-- Greek question mark, is a mark. Patterns are RE2's: \p{L} and \p{N} are Unicode's letters and
-- numbers, and every class matches a code point.
question_rules AS (
    SELECT response_window,
           contains(question_marks, '?') AS question_mark,
           contains(question_marks, chr(894)) AS greek_question_mark,
           replace(question_marks, '?', '') <> '' AS other_marks,
           '[' || regexp_replace(replace(question_marks, '?', ''), '([^A-Za-z0-9\x{80}-\x{10FFFF}])', '\\\1', 'g') || ']' AS anywhere
    FROM settings
),

-- The Monday of the first and of the last ISO week: the Monday on or before 4 January of the
-- ISO year, plus whole weeks. (dayofweek: 0 = Sunday … 6 = Saturday.)
week_bounds AS (
    SELECT tz,
           jan4_first - CAST((dayofweek(jan4_first) + 6) % 7 AS INTEGER) + 7 * (week_first - 1) AS first_monday,
           jan4_last - CAST((dayofweek(jan4_last) + 6) % 7 AS INTEGER) + 7 * (week_last - 1) AS last_monday
    FROM (
        SELECT tz,
               make_date(CAST(substr(first_week, 1, 4) AS INTEGER), 1, 4) AS jan4_first,
               CAST(substr(first_week, 7, 2) AS INTEGER) AS week_first,
               make_date(CAST(substr(last_week, 1, 4) AS INTEGER), 1, 4) AS jan4_last,
               CAST(substr(last_week, 7, 2) AS INTEGER) AS week_last
        FROM settings
        WHERE first_week IS NOT NULL
    ) AS parsed
),

-- Every week from the first to the last, weeks without messages included: its number (0, 1,
-- …), label (2026-W13: the ISO year is the year of the week's Thursday), and where it starts
-- and ends as instants: local midnight of its Monday and of the next Monday in the report's
-- time zone (ICU's timezone(): a local TIMESTAMP to a TIMESTAMPTZ and back).
weeks AS (
    SELECT week_no, monday,
           lpad(CAST(year(monday + 3) AS VARCHAR), 4, '0') || '-W' || lpad(CAST(weekofyear(monday) AS VARCHAR), 2, '0') AS week,
           timezone(tz, timezone(tz, CAST(monday AS TIMESTAMP))) AS start_local,
           CAST(epoch(timezone(tz, timezone(tz, CAST(monday AS TIMESTAMP)))) AS BIGINT)
             - CAST(epoch(timezone(tz, CAST(monday AS TIMESTAMP))) AS BIGINT) AS start_offset,
           timezone(tz, timezone(tz, CAST(monday + 7 AS TIMESTAMP))) AS end_local,
           CAST(epoch(timezone(tz, timezone(tz, CAST(monday + 7 AS TIMESTAMP)))) AS BIGINT)
             - CAST(epoch(timezone(tz, CAST(monday + 7 AS TIMESTAMP))) AS BIGINT) AS end_offset
    FROM (
        SELECT tz, CAST(range AS INTEGER) AS week_no, first_monday + 7 * CAST(range AS INTEGER) AS monday
        FROM week_bounds, range(0, date_diff('day', first_monday, last_monday) // 7 + 1)
    ) AS mondays
),

-- start and end as data/weeks.json writes them: local time with the zone's offset then in
-- force (2026-03-23T00:00:00+01:00; never Z).
week_text AS (
    SELECT week_no, week,
           strftime(start_local, '%Y-%m-%dT%H:%M:%S')
             || CASE WHEN start_offset < 0 THEN '-' ELSE '+' END
             || lpad(CAST(abs(start_offset) // 3600 AS VARCHAR), 2, '0') || ':'
             || lpad(CAST(abs(start_offset) // 60 % 60 AS VARCHAR), 2, '0') AS start_text,
           strftime(end_local, '%Y-%m-%dT%H:%M:%S')
             || CASE WHEN end_offset < 0 THEN '-' ELSE '+' END
             || lpad(CAST(abs(end_offset) // 3600 AS VARCHAR), 2, '0') || ':'
             || lpad(CAST(abs(end_offset) // 60 % 60 AS VARCHAR), 2, '0') AS end_text
    FROM weeks
),

-- Every message with its time in nanoseconds since 1970 (null without a time): the whole
-- seconds of the text, then its fraction digits padded to nine.
message_times AS (
    SELECT ord, platform, conversation, id, author, authorName AS author_name, replyTo AS reply_to,
           fromBot AS from_bot, reactionCount AS reaction_count, week, text,
           CAST(epoch(strptime(substr(sentAt, 1, 19), '%Y-%m-%dT%H:%M:%S')) AS BIGINT) * 1000000000
             + CAST(rpad(regexp_extract(sentAt, '[.]([0-9]+)Z$', 1), 9, '0') AS BIGINT) AS sent_ns
    FROM messages
),

-- The days the data covers (WeeklyReport.coveredDays): from the local day of the first dated
-- message to that of the last, in the report's time zone; and how many of each week's days
-- that is (0 to 7). A week of fewer than 7 is partial.
covered AS (
    SELECT CAST(timezone(tz, to_timestamp(min(sent_ns) // 1000000000)) AS DATE) AS first_day,
           CAST(timezone(tz, to_timestamp(max(sent_ns) // 1000000000)) AS DATE) AS last_day
    FROM message_times, settings
    WHERE sent_ns IS NOT NULL
    GROUP BY tz
),
week_days AS (
    SELECT w.week_no,
           CAST(greatest(0, date_diff('day', greatest(w.monday, c.first_day), least(w.monday + 6, c.last_day)) + 1) AS BIGINT) AS days
    FROM weeks w, covered c
),

-- The earliest known reaction to each message: the earliest of its emoji's firstAt and of
-- its reactors' times.
reaction_times AS (
    SELECT platform, conversation, message,
           CAST(epoch(strptime(substr(firstAt, 1, 19), '%Y-%m-%dT%H:%M:%S')) AS BIGINT) * 1000000000
             + CAST(rpad(regexp_extract(firstAt, '[.]([0-9]+)Z$', 1), 9, '0') AS BIGINT) AS at_ns
    FROM totals WHERE firstAt IS NOT NULL
    UNION ALL
    SELECT platform, conversation, message,
           CAST(epoch(strptime(substr("at", 1, 19), '%Y-%m-%dT%H:%M:%S')) AS BIGINT) * 1000000000
             + CAST(rpad(regexp_extract("at", '[.]([0-9]+)Z$', 1), 9, '0') AS BIGINT) AS at_ns
    FROM reactions WHERE "at" IS NOT NULL
),
first_reaction AS (
    SELECT platform, conversation, message, min(at_ns) AS first_ns
    FROM reaction_times GROUP BY platform, conversation, message
),

-- Replies (ReplyTimes): a message with replyTo (not itself) and a time answers the message
-- with that id in its own conversation; on Discord, when none there has it, the one message
-- of the platform with that id (none when several have it).
reply_sources AS (
    SELECT platform, conversation, reply_to AS parent_id, author, from_bot, sent_ns
    FROM message_times
    WHERE reply_to IS NOT NULL AND reply_to <> id AND sent_ns IS NOT NULL
),
parents_here AS (
    SELECT p.ord AS parent_ord, r.author, r.from_bot, r.sent_ns
    FROM reply_sources r
    JOIN message_times p ON p.platform = r.platform AND p.conversation = r.conversation AND p.id = r.parent_id
),
discord_unique_ids AS (
    SELECT platform, id, min(ord) AS ord
    FROM message_times WHERE platform = 'discord'
    GROUP BY platform, id HAVING count(*) = 1
),
parents_elsewhere AS (
    SELECT u.ord AS parent_ord, r.author, r.from_bot, r.sent_ns
    FROM reply_sources r
    JOIN discord_unique_ids u ON u.platform = r.platform AND u.id = r.parent_id
    WHERE NOT EXISTS (
        SELECT 1 FROM message_times p
        WHERE p.platform = r.platform AND p.conversation = r.conversation AND p.id = r.parent_id)
),
-- Seconds to the first reply by someone other than the author (a missing author is someone
-- else's unless both are missing), replies of any week; 0 for a reply stamped before.
first_reply AS (
    SELECT p.ord, greatest(0, (min(r.sent_ns) - p.sent_ns) // 1000000000) AS seconds
    FROM (SELECT * FROM parents_here UNION ALL SELECT * FROM parents_elsewhere) r
    JOIN message_times p ON p.ord = r.parent_ord
    WHERE p.sent_ns IS NOT NULL AND r.author IS DISTINCT FROM p.author
    GROUP BY p.ord, p.sent_ns
),

-- Who never responds and whose messages are not answerable (Responses): the bots the platform
-- marks and whoever the rankings leave out (people.bot, people.excluded).
unheard AS (
    SELECT DISTINCT platform, id FROM people WHERE bot OR excluded
),
-- Responses to a message: the replies to it (as above) by someone other than its author that
-- are not fromBot, at their time; and every listed reactor of any emoji on it other than its
-- author, at the reaction's time or none (`at`); nobody unheard.
response_times AS (
    SELECT p.ord, r.sent_ns AS at_ns
    FROM (SELECT * FROM parents_here UNION ALL SELECT * FROM parents_elsewhere) r
    JOIN message_times p ON p.ord = r.parent_ord
    WHERE r.author IS DISTINCT FROM p.author AND NOT r.from_bot
      AND NOT EXISTS (SELECT 1 FROM unheard x WHERE x.platform = p.platform AND x.id = r.author)
    UNION ALL
    SELECT p.ord,
           CAST(epoch(strptime(substr(x."at", 1, 19), '%Y-%m-%dT%H:%M:%S')) AS BIGINT) * 1000000000
             + CAST(rpad(regexp_extract(x."at", '[.]([0-9]+)Z$', 1), 9, '0') AS BIGINT) AS at_ns
    FROM reactions x
    JOIN message_times p ON p.platform = x.platform AND p.conversation = x.conversation AND p.id = x.message
    WHERE x.reactor IS DISTINCT FROM p.author
      AND NOT EXISTS (SELECT 1 FROM unheard u WHERE u.platform = x.platform AND u.id = x.reactor)
),
-- Per message: whole seconds to its first response with a time (0 for one stamped before it;
-- also after the window), and whether a response has no time.
first_response AS (
    SELECT p.ord,
           min(CASE WHEN r.at_ns IS NOT NULL THEN greatest(0, (r.at_ns - p.sent_ns) // 1000000000) END) AS seconds,
           bool_or(r.at_ns IS NULL) AS untimed
    FROM response_times r
    JOIN message_times p ON p.ord = r.ord
    WHERE p.sent_ns IS NOT NULL
    GROUP BY p.ord
),

-- The messages of the weeks (those with a time) and what each adds to the figures: whole
-- seconds to its first reaction (0 when stamped before the message) and to its first reply;
-- whether it is answerable (not fromBot, its author not unheard; no author is nobody unheard),
-- answered (a response without a time, or one within responseWindow), its seconds to a first
-- response and whether it is a question (in a support conversation and replying to none, or
-- its text asks).
week_messages AS (
    SELECT w.week_no, m.ord, m.platform, m.conversation, m.id, m.author, m.author_name, m.reply_to,
           m.from_bot, m.reaction_count,
           -- (greatest() skips a null: a message without a reaction time has no delay)
           CASE WHEN f.first_ns IS NOT NULL THEN greatest(0, (f.first_ns - m.sent_ns) // 1000000000) END AS reaction_seconds,
           fr.seconds AS reply_seconds,
           NOT m.from_bot AND NOT EXISTS (SELECT 1 FROM unheard u WHERE u.platform = m.platform AND u.id = m.author) AS answerable,
           coalesce(rs.untimed, false) OR coalesce(rs.seconds <= q.response_window, false) AS answered,
           rs.seconds AS response_seconds,
           (coalesce(c.support, false) AND (m.reply_to IS NULL OR m.reply_to = m.id))
             OR (q.question_mark AND regexp_matches(m.text, '[?](?:\z|[^\p{L}\p{N}=&/%])'))
             OR (q.other_marks AND regexp_matches(m.text, q.anywhere))
             OR (q.greek_question_mark AND regexp_matches(m.text, '[\x{0370}-\x{03FF}\x{1F00}-\x{1FFF}];')) AS question
    FROM message_times m
    JOIN weeks w ON w.week = m.week
    CROSS JOIN question_rules q
    LEFT JOIN first_reaction f ON f.platform = m.platform AND f.conversation = m.conversation AND f.message = m.id
    LEFT JOIN first_reply fr ON fr.ord = m.ord
    LEFT JOIN first_response rs ON rs.ord = m.ord
    LEFT JOIN conversations c ON c.platform = m.platform AND c.id = m.conversation
),

-- The configured groups, numbered 1, 2, … in the configuration's order, and the
-- conversations in each.
groups_numbered AS (
    SELECT name, CAST(position AS INTEGER) AS group_no
    FROM (SELECT unnest(groups) AS name, generate_subscripts(groups, 1) AS position FROM report) AS listed
),
conversation_groups AS (
    SELECT c.platform, c.conversation, g.group_no
    FROM (SELECT platform, id AS conversation, unnest(groups) AS name FROM conversations) c
    JOIN groups_numbered g ON g.name = c.name
),

-- What the engagement figures are counted over: scope 0 is the whole week, scope g its
-- messages in conversations of group g.
scoped_messages AS (
    SELECT 0 AS scope, * FROM week_messages
    UNION ALL
    SELECT g.group_no AS scope, m.*
    FROM week_messages m
    JOIN conversation_groups g ON g.platform = m.platform AND g.conversation = m.conversation
),

-- Reactors: a person is (platform, id); platforms hold no ':', so platform:id names one.
scoped_reactors AS (
    SELECT DISTINCT s.scope, s.week_no, s.platform || ':' || r.reactor AS person
    FROM scoped_messages s
    JOIN reactions r ON r.platform = s.platform AND r.conversation = s.conversation AND r.message = s.id
),
reactor_counts AS (
    SELECT scope, week_no, count(*) AS reactors FROM scoped_reactors GROUP BY scope, week_no
),
-- New reactors: people whose first listed reaction in the scope (the whole report, or the
-- group) is in this week.
new_reactor_counts AS (
    SELECT scope, first_week_no AS week_no, count(*) AS new_reactors
    FROM (SELECT scope, person, min(week_no) AS first_week_no FROM scoped_reactors GROUP BY scope, person) AS firsts
    GROUP BY scope, first_week_no
),

-- Messages, reacted messages, reactions (the sum of the messages' reaction counts, held at
-- the largest 64-bit integer), posters (distinct authors), replies (messages with replyTo);
-- answerable and answered messages, questions (answerable), answered and unanswered ones.
-- Mood: a bubble is positive or negative when its key, without skin tones (U+1F3FB–U+1F3FF), is
-- one of report's positive or negative keys (Mood); each message's sums of their counts.
message_mood AS (
    SELECT t.platform, t.conversation, t.message,
           sum(CASE WHEN list_contains(s.positive, regexp_replace(t.key, '[\x{1F3FB}-\x{1F3FF}]', '', 'g')) THEN CAST(t.count AS HUGEINT) ELSE 0 END) AS positive,
           sum(CASE WHEN list_contains(s.negative, regexp_replace(t.key, '[\x{1F3FB}-\x{1F3FF}]', '', 'g')) THEN CAST(t.count AS HUGEINT) ELSE 0 END) AS negative
    FROM totals t CROSS JOIN report s
    GROUP BY t.platform, t.conversation, t.message
),
mood_counts AS (
    SELECT m.scope, m.week_no,
           CAST(least(coalesce(sum(o.positive), 0), 9223372036854775807) AS BIGINT) AS positive_reactions,
           CAST(least(coalesce(sum(o.negative), 0), 9223372036854775807) AS BIGINT) AS negative_reactions
    FROM scoped_messages m
    JOIN message_mood o ON o.platform = m.platform AND o.conversation = m.conversation AND o.message = m.id
    GROUP BY m.scope, m.week_no
),

message_counts AS (
    SELECT scope, week_no,
           count(*) AS messages,
           count_if(reaction_count > 0) AS reacted_messages,
           CAST(least(sum(CAST(reaction_count AS HUGEINT)), 9223372036854775807) AS BIGINT) AS reactions,
           count(DISTINCT platform || ':' || author) AS posters,
           count_if(reply_to IS NOT NULL) AS replies,
           count_if(answerable) AS answerable_messages,
           count_if(answerable AND answered) AS answered_messages,
           count_if(answerable AND question) AS questions,
           count_if(answerable AND question AND answered) AS answered_questions,
           count_if(answerable AND question AND NOT answered) AS unanswered_questions
    FROM scoped_messages GROUP BY scope, week_no
),

-- Medians of whole seconds to the first reaction, to the first reply, to the first response
-- (of answerable messages) and to a question's first response: lo and hi are the two middle
-- values (the same one for an odd count); the median is lo + (hi - lo) / 2 rounded down. The
-- 90th percentiles by nearest rank: the value at place ceil(0.9 n) = (9 n + 9) / 10 rounded
-- down, counting from 1.
delays AS (
    SELECT scope, week_no, 'reaction' AS kind, reaction_seconds AS seconds FROM scoped_messages WHERE reaction_seconds IS NOT NULL
    UNION ALL
    SELECT scope, week_no, 'reply' AS kind, reply_seconds AS seconds FROM scoped_messages WHERE reply_seconds IS NOT NULL
    UNION ALL
    SELECT scope, week_no, 'response' AS kind, response_seconds AS seconds FROM scoped_messages
    WHERE answerable AND response_seconds IS NOT NULL
    UNION ALL
    SELECT scope, week_no, 'question' AS kind, response_seconds AS seconds FROM scoped_messages
    WHERE answerable AND question AND response_seconds IS NOT NULL
),
ranked_delays AS (
    SELECT scope, week_no, kind, seconds,
           row_number() OVER (PARTITION BY scope, week_no, kind ORDER BY seconds) AS n,
           count(*) OVER (PARTITION BY scope, week_no, kind) AS total
    FROM delays
),
medians AS (
    SELECT scope, week_no,
           max(CASE WHEN kind = 'reaction' THEN lo + (hi - lo) // 2 END) AS median_reaction,
           max(CASE WHEN kind = 'reply' THEN lo + (hi - lo) // 2 END) AS median_reply,
           max(CASE WHEN kind = 'response' THEN lo + (hi - lo) // 2 END) AS median_response,
           max(CASE WHEN kind = 'response' THEN p90 END) AS p90_response,
           max(CASE WHEN kind = 'question' THEN lo + (hi - lo) // 2 END) AS median_question_response,
           max(CASE WHEN kind = 'question' THEN p90 END) AS p90_question_response
    FROM (
        SELECT scope, week_no, kind,
               max(CASE WHEN n = (total + 1) // 2 THEN seconds END) AS lo,
               max(CASE WHEN n = total // 2 + 1 THEN seconds END) AS hi,
               max(CASE WHEN n = (9 * total + 9) // 10 THEN seconds END) AS p90
        FROM ranked_delays GROUP BY scope, week_no, kind
    ) AS middles
    GROUP BY scope, week_no
),

-- Participation (Participation), of people only: nobody unheard (people.bot or people.excluded)
-- counts, and a fromBot message is no one's post. A person is active in a week when they are
-- the author of one of its messages or a listed reactor on one (in the message's week). Their
-- posts' days are local days in the report's time zone; a reaction has none (day null).
activity AS (
    SELECT w.week_no, m.platform || ':' || m.author AS person,
           CAST(timezone(s.tz, to_timestamp(m.sent_ns // 1000000000)) AS DATE) AS day
    FROM message_times m
    JOIN weeks w ON w.week = m.week
    CROSS JOIN settings s
    WHERE m.author IS NOT NULL AND NOT m.from_bot AND m.sent_ns IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM unheard u WHERE u.platform = m.platform AND u.id = m.author)
    UNION ALL
    SELECT m.week_no, m.platform || ':' || r.reactor AS person, CAST(NULL AS DATE) AS day
    FROM week_messages m
    JOIN reactions r ON r.platform = m.platform AND r.conversation = m.conversation AND r.message = m.id
    WHERE NOT EXISTS (SELECT 1 FROM unheard u WHERE u.platform = r.platform AND u.id = r.reactor)
),
active_days AS (
    SELECT DISTINCT week_no, person, day FROM activity
),
-- Each person active in a week: whether they posted in it, and the latest earlier week they
-- were active in (null: none, they are new; before the week before: they are returning).
person_weeks AS (
    SELECT week_no, person, posted,
           lag(week_no) OVER (PARTITION BY person ORDER BY week_no) AS previous_week_no
    FROM (SELECT week_no, person, count(day) > 0 AS posted FROM active_days GROUP BY week_no, person) AS weekly
),
participation_counts AS (
    SELECT week_no,
           count(*) AS active_people,
           count_if(posted) AS posting_people,
           count_if(NOT posted) AS reacting_only_people,
           count_if(previous_week_no IS NULL) AS new_people,
           count_if(previous_week_no < week_no - 1) AS returning_people
    FROM person_weeks GROUP BY week_no
),
-- Engagement levels over the window of every week (also one without messages) and the three
-- weeks before it: each person active in the window, by their distinct posting days there.
window_days AS (
    SELECT w.week_no, a.person, count(DISTINCT a.day) AS posting_days
    FROM weeks w
    JOIN active_days a ON a.week_no BETWEEN w.week_no - 3 AND w.week_no
    GROUP BY w.week_no, a.person
),
level_counts AS (
    SELECT d.week_no,
           count_if(d.posting_days >= s.core_days) AS core_people,
           count_if(d.posting_days >= s.regular_days AND d.posting_days < s.core_days) AS regular_people,
           count_if(d.posting_days >= 1 AND d.posting_days < s.regular_days) AS occasional_people,
           count_if(d.posting_days = 0) AS observer_people
    FROM window_days d CROSS JOIN settings s
    GROUP BY d.week_no
),

-- The engagement figures of every scope in every week, zeros where it has no message.
scopes AS (
    SELECT 0 AS scope, '' AS name
    UNION ALL
    SELECT group_no, name FROM groups_numbered
),
engagement AS (
    SELECT w.week_no, s.scope, s.name,
           coalesce(c.messages, 0) AS messages,
           coalesce(c.reacted_messages, 0) AS reacted_messages,
           coalesce(c.reactions, 0) AS reactions,
           coalesce(r.reactors, 0) AS reactors,
           coalesce(c.posters, 0) AS posters,
           d.median_reaction,
           coalesce(nr.new_reactors, 0) AS new_reactors,
           coalesce(c.replies, 0) AS replies,
           d.median_reply,
           coalesce(c.answerable_messages, 0) AS answerable_messages,
           coalesce(c.answered_messages, 0) AS answered_messages,
           d.median_response,
           d.p90_response,
           coalesce(c.questions, 0) AS questions,
           coalesce(c.answered_questions, 0) AS answered_questions,
           d.median_question_response,
           d.p90_question_response,
           coalesce(c.unanswered_questions, 0) AS unanswered_questions,
           -- participation: the week's (scope 0) only; a group holds none of it (0 there)
           coalesce(pc.active_people, 0) AS active_people,
           coalesce(pc.posting_people, 0) AS posting_people,
           coalesce(pc.reacting_only_people, 0) AS reacting_only_people,
           coalesce(pc.new_people, 0) AS new_people,
           coalesce(pc.returning_people, 0) AS returning_people,
           coalesce(lc.core_people, 0) AS core_people,
           coalesce(lc.regular_people, 0) AS regular_people,
           coalesce(lc.occasional_people, 0) AS occasional_people,
           coalesce(lc.observer_people, 0) AS observer_people,
           coalesce(mc.positive_reactions, 0) AS positive_reactions,
           coalesce(mc.negative_reactions, 0) AS negative_reactions
    FROM weeks w
    CROSS JOIN scopes s
    LEFT JOIN message_counts c ON c.scope = s.scope AND c.week_no = w.week_no
    LEFT JOIN reactor_counts r ON r.scope = s.scope AND r.week_no = w.week_no
    LEFT JOIN new_reactor_counts nr ON nr.scope = s.scope AND nr.week_no = w.week_no
    LEFT JOIN medians d ON d.scope = s.scope AND d.week_no = w.week_no
    LEFT JOIN participation_counts pc ON s.scope = 0 AND pc.week_no = w.week_no
    LEFT JOIN level_counts lc ON s.scope = 0 AND lc.week_no = w.week_no
    LEFT JOIN mood_counts mc ON mc.scope = s.scope AND mc.week_no = w.week_no
),

-- topMessages: the week's reacted messages, most reactions first; ties: more distinct
-- reactors, then the earlier in report order.
message_reactors AS (
    SELECT platform, conversation, message, count(DISTINCT reactor) AS distinct_reactors
    FROM reactions GROUP BY platform, conversation, message
),
top_messages AS (
    SELECT week_no,
           list({'platform': platform, 'conversation': conversation, 'id': id, 'reactions': reaction_count} ORDER BY place) AS items
    FROM (
        SELECT m.week_no, m.platform, m.conversation, m.id, m.reaction_count,
               row_number() OVER (PARTITION BY m.week_no
                                  ORDER BY m.reaction_count DESC, coalesce(mr.distinct_reactors, 0) DESC, m.ord) AS place
        FROM week_messages m
        LEFT JOIN message_reactors mr ON mr.platform = m.platform AND mr.conversation = m.conversation AND mr.message = m.id
        WHERE m.reaction_count > 0
    ) AS ranked, settings
    WHERE place <= top_n
    GROUP BY week_no
),

-- topEmoji: each key's summed counts on the week's messages (emoji counted 0 included), most
-- first; ties by key.
top_emoji AS (
    SELECT week_no, list({'key': "key", 'count': uses} ORDER BY place) AS items
    FROM (
        SELECT week_no, "key", uses, row_number() OVER (PARTITION BY week_no ORDER BY uses DESC, "key") AS place
        FROM (
            SELECT m.week_no, t."key",
                   CAST(least(sum(CAST(t."count" AS HUGEINT)), 9223372036854775807) AS BIGINT) AS uses
            FROM week_messages m
            JOIN totals t ON t.platform = m.platform AND t.conversation = m.conversation AND t.message = m.id
            GROUP BY m.week_no, t."key"
        ) AS uses
    ) AS ranked, settings
    WHERE place <= top_n
    GROUP BY week_no
),

-- Who the rankings leave out (people.excluded: excludeBots, excludePeople).
left_out AS (
    SELECT platform, id FROM people WHERE excluded
),

-- The week's listed reactions with their message's author.
week_reactions AS (
    SELECT m.week_no, m.platform, m.author, m.from_bot, r.reactor, r.reactorName AS reactor_name, r.ord
    FROM week_messages m
    JOIN reactions r ON r.platform = m.platform AND r.conversation = m.conversation AND r.message = m.id
),

-- topReactors: listed reactions given, most first; ties by platform, then id. The name is
-- the first the week's reactions give the person.
top_reactors AS (
    SELECT week_no, list({'platform': platform, 'id': reactor, 'name': name, 'count': given} ORDER BY place) AS items
    FROM (
        SELECT week_no, platform, reactor, name, given,
               row_number() OVER (PARTITION BY week_no ORDER BY given DESC, platform, reactor) AS place
        FROM (
            SELECT week_no, platform, reactor, count(*) AS given,
                   min_by(reactor_name, ord) FILTER (WHERE reactor_name IS NOT NULL) AS name
            FROM week_reactions
            GROUP BY week_no, platform, reactor
        ) g
        WHERE NOT EXISTS (SELECT 1 FROM left_out x WHERE x.platform = g.platform AND x.id = g.reactor)
    ) AS ranked, settings
    WHERE place <= top_n
    GROUP BY week_no
),

-- topReceivers: the reaction counts on one's messages (without bots' messages when
-- excludeBots), most first; ties by platform, then id. The name is the first the week's
-- messages give their author.
top_receivers AS (
    SELECT week_no, list({'platform': platform, 'id': author, 'name': name, 'count': received} ORDER BY place) AS items
    FROM (
        SELECT week_no, platform, author, name, received,
               row_number() OVER (PARTITION BY week_no ORDER BY received DESC, platform, author) AS place
        FROM (
            SELECT g.week_no, g.platform, g.author, g.name,
                   g.received - CASE WHEN s.skip_bot_messages THEN g.on_bot_messages ELSE 0 END AS received
            FROM (
                SELECT week_no, platform, author,
                       CAST(least(sum(CAST(reaction_count AS HUGEINT)), 9223372036854775807) AS BIGINT) AS received,
                       CAST(least(coalesce(sum(CAST(reaction_count AS HUGEINT)) FILTER (WHERE from_bot), 0), 9223372036854775807) AS BIGINT)
                         AS on_bot_messages,
                       min_by(author_name, ord) FILTER (WHERE author_name IS NOT NULL) AS name
                FROM week_messages
                WHERE author IS NOT NULL
                GROUP BY week_no, platform, author
            ) g, settings s
        ) g
        WHERE received > 0
          AND NOT EXISTS (SELECT 1 FROM left_out x WHERE x.platform = g.platform AND x.id = g.author)
    ) AS ranked, settings
    WHERE place <= top_n
    GROUP BY week_no
),

-- topPairs: listed reactions from a reactor to another person's messages (without bots'
-- messages when excludeBots; neither left out), most first; ties by platform, reactor id,
-- then author id.
top_pairs AS (
    SELECT week_no, list({'platform': platform, 'reactor': reactor, 'author': author, 'count': reactions} ORDER BY place) AS items
    FROM (
        SELECT week_no, platform, reactor, author, reactions,
               row_number() OVER (PARTITION BY week_no ORDER BY reactions DESC, platform, reactor, author) AS place
        FROM (
            SELECT g.week_no, g.platform, g.reactor, g.author,
                   g.reactions - CASE WHEN s.skip_bot_messages THEN g.on_bot_messages ELSE 0 END AS reactions
            FROM (
                SELECT week_no, platform, reactor, author, count(*) AS reactions, count_if(from_bot) AS on_bot_messages
                FROM week_reactions
                WHERE author IS NOT NULL AND author <> reactor
                GROUP BY week_no, platform, reactor, author
            ) g, settings s
        ) g
        WHERE reactions > 0
          AND NOT EXISTS (SELECT 1 FROM left_out x WHERE x.platform = g.platform AND x.id = g.reactor)
          AND NOT EXISTS (SELECT 1 FROM left_out x WHERE x.platform = g.platform AND x.id = g.author)
    ) AS ranked, settings
    WHERE place <= top_n
    GROUP BY week_no
),

-- conversations: each conversation with messages in the week, its messages and reactions;
-- most reactions first, then most messages, then by platform, name and id.
week_conversations AS (
    SELECT week_no,
           list({'platform': platform, 'id': conversation, 'name': name, 'messages': messages, 'reactions': reactions}
                ORDER BY place) AS items
    FROM (
        SELECT week_no, platform, conversation, name, messages, reactions,
               row_number() OVER (PARTITION BY week_no
                                  ORDER BY reactions DESC, messages DESC, platform, name, conversation) AS place
        FROM (
            SELECT m.week_no, m.platform, m.conversation, c.name, count(*) AS messages,
                   CAST(least(sum(CAST(m.reaction_count AS HUGEINT)), 9223372036854775807) AS BIGINT) AS reactions
            FROM week_messages m
            JOIN conversations c ON c.platform = m.platform AND c.id = m.conversation
            GROUP BY m.week_no, m.platform, m.conversation, c.name
        ) AS counted
    ) AS ranked
    GROUP BY week_no
),

-- groups: every configured group in every week, in the configuration's order.
week_groups AS (
    SELECT week_no,
           list({'name': name,
                 -- figures (group): '{key}': {computation}
                 'messages': messages,
                 'reactedMessages': reacted_messages,
                 'reactions': reactions,
                 'reactors': reactors,
                 'posters': posters,
                 'medianSecondsToFirstReaction': median_reaction,
                 'newReactors': new_reactors,
                 'replies': replies,
                 'medianSecondsToFirstReply': median_reply,
                 'answerableMessages': answerable_messages,
                 'answeredMessages': answered_messages,
                 'medianSecondsToFirstResponse': median_response,
                 'p90SecondsToFirstResponse': p90_response,
                 'questions': questions,
                 'answeredQuestions': answered_questions,
                 'medianSecondsToFirstQuestionResponse': median_question_response,
                 'p90SecondsToFirstQuestionResponse': p90_question_response,
                 'unansweredQuestions': unanswered_questions,
                 'positiveReactions': positive_reactions,
                 'negativeReactions': negative_reactions
                 -- end of figures
                } ORDER BY scope) AS items
    FROM engagement WHERE scope > 0
    GROUP BY week_no
)

-- One row per week, in data/weeks.json's order of keys.
SELECT t.week AS "week", t.start_text AS "start", t.end_text AS "end", wd.days < 7 AS "partial", wd.days AS "days",
       -- figures (week): e.{computation} AS "{key}",
       e.messages AS "messages",
       e.reacted_messages AS "reactedMessages",
       e.reactions AS "reactions",
       e.reactors AS "reactors",
       e.posters AS "posters",
       e.median_reaction AS "medianSecondsToFirstReaction",
       e.new_reactors AS "newReactors",
       e.replies AS "replies",
       e.median_reply AS "medianSecondsToFirstReply",
       e.answerable_messages AS "answerableMessages",
       e.answered_messages AS "answeredMessages",
       e.median_response AS "medianSecondsToFirstResponse",
       e.p90_response AS "p90SecondsToFirstResponse",
       e.questions AS "questions",
       e.answered_questions AS "answeredQuestions",
       e.median_question_response AS "medianSecondsToFirstQuestionResponse",
       e.p90_question_response AS "p90SecondsToFirstQuestionResponse",
       e.unanswered_questions AS "unansweredQuestions",
       e.active_people AS "activePeople",
       e.posting_people AS "postingPeople",
       e.reacting_only_people AS "reactingOnlyPeople",
       e.new_people AS "newPeople",
       e.returning_people AS "returningPeople",
       e.core_people AS "corePeople",
       e.regular_people AS "regularPeople",
       e.occasional_people AS "occasionalPeople",
       e.observer_people AS "observerPeople",
       e.positive_reactions AS "positiveReactions",
       e.negative_reactions AS "negativeReactions",
       -- end of figures
       tm.items AS "topMessages", te.items AS "topEmoji", tr.items AS "topReactors", tv.items AS "topReceivers",
       tp.items AS "topPairs", wc.items AS "conversations", wg.items AS "groups"
FROM week_text t
JOIN engagement e ON e.week_no = t.week_no AND e.scope = 0
JOIN week_days wd ON wd.week_no = t.week_no
LEFT JOIN top_messages tm ON tm.week_no = t.week_no
LEFT JOIN top_emoji te ON te.week_no = t.week_no
LEFT JOIN top_reactors tr ON tr.week_no = t.week_no
LEFT JOIN top_receivers tv ON tv.week_no = t.week_no
LEFT JOIN top_pairs tp ON tp.week_no = t.week_no
LEFT JOIN week_conversations wc ON wc.week_no = t.week_no
LEFT JOIN week_groups wg ON wg.week_no = t.week_no
ORDER BY t.week_no
