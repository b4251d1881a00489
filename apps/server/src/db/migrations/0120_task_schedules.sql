-- The weekdays each task kind runs on (0 Sunday .. 6 Saturday, on the operator's calendar, TUZO_TIMEZONE). A member
-- may also do every task on the day their account was activated (business-rules.md, Tasks). Defaults are the spec's:
-- YouTube Wednesday and Sunday, TikTok and Ads Sunday and Monday, trivia every day.
CREATE TABLE task_schedules (
  kind        text       PRIMARY KEY CHECK (kind IN ('youtube', 'tiktok', 'ads', 'trivia')),
  weekdays    smallint[] NOT NULL CHECK (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ ARRAY[0, 1, 2, 3, 4, 5, 6]::smallint[]),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO task_schedules (kind, weekdays) VALUES
  ('youtube', ARRAY[3, 0]::smallint[]),
  ('tiktok', ARRAY[0, 1]::smallint[]),
  ('ads', ARRAY[0, 1]::smallint[]),
  ('trivia', ARRAY[0, 1, 2, 3, 4, 5, 6]::smallint[]);
