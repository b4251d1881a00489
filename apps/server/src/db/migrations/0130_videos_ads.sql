-- Video and ad tasks (modules/videos, modules/ads) and the timetable (modules/timetable). Valid on PostgreSQL 15+.
-- Money paid for them moves through ledger_record_movement; video_payments and ad_payments are its business rows.

-- Operator content. `task` is the list a video belongs to (the YouTube or the TikTok page); `source` says how it
-- plays: an official YouTube or TikTok embed of an https link, or a file this app serves under /media/.
CREATE TABLE videos (
  id           bigserial   PRIMARY KEY,
  task         text        NOT NULL CHECK (task IN ('youtube', 'tiktok')),
  source       text        NOT NULL CHECK (source IN ('youtube', 'tiktok', 'file')),
  title        text        NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  url          text        NOT NULL CHECK (length(url) <= 500),
  price_minor  bigint      NOT NULL CHECK (price_minor > 0),
  active       boolean     NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK ((source = 'file') = (url LIKE '/media/%')),
  CHECK (source = 'file' OR url LIKE 'https://%')
);
CREATE INDEX videos_active ON videos (task) WHERE active;

CREATE TABLE ads (
  id          bigserial   PRIMARY KEY,
  name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  image_url   text        NOT NULL CHECK (length(image_url) <= 500 AND (image_url LIKE '/media/%' OR image_url LIKE 'https://%')),
  link        text        CHECK (link IS NULL OR (length(link) <= 500 AND link LIKE 'https://%')),
  active      boolean     NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- The items on show each operator day, the same for every member: drawn with the app's random source by the first
-- request of the day and stored here (the primary key makes a racing second draw a no-op).
CREATE TABLE task_day_sets (
  day       date     NOT NULL,
  kind      text     NOT NULL CHECK (kind IN ('youtube', 'tiktok', 'ads')),
  item_ids  bigint[] NOT NULL CHECK (cardinality(item_ids) BETWEEN 1 AND 10),
  drawn_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (day, kind)
);

-- A start of playback the server saw (startvideo): the first start per member, video and day counts.
CREATE TABLE video_views (
  member_id   bigint      NOT NULL REFERENCES members (id),
  video_id    bigint      NOT NULL REFERENCES videos (id),
  day         date        NOT NULL,
  started_at  timestamptz NOT NULL,
  PRIMARY KEY (member_id, video_id, day)
);

-- One payment per member, video and day (business row of the movement; key youtube|tiktok:<member>:<video>:<day>).
CREATE TABLE video_payments (
  id              bigserial   PRIMARY KEY,
  member_id       bigint      NOT NULL REFERENCES members (id),
  video_id        bigint      NOT NULL REFERENCES videos (id),
  task            text        NOT NULL CHECK (task IN ('youtube', 'tiktok')),
  day             date        NOT NULL,
  amount_minor    bigint      NOT NULL CHECK (amount_minor > 0),
  transaction_id  bigint      NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, video_id, day)
);
CREATE TRIGGER video_payments_append_only BEFORE UPDATE OR DELETE ON video_payments
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- The member's response to an ad today: like state and the comment (at most one, never replaced).
CREATE TABLE ad_responses (
  member_id   bigint      NOT NULL REFERENCES members (id),
  ad_id       bigint      NOT NULL REFERENCES ads (id),
  day         date        NOT NULL,
  liked       boolean     NOT NULL DEFAULT false,
  message     text        CHECK (message IS NULL OR length(message) BETWEEN 1 AND 500),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ad_id, day)
);

-- One like payment and one comment payment per member, ad and day (key ads:<member>:<ad>:<day>:like|comment).
CREATE TABLE ad_payments (
  id              bigserial   PRIMARY KEY,
  member_id       bigint      NOT NULL REFERENCES members (id),
  ad_id           bigint      NOT NULL REFERENCES ads (id),
  day             date        NOT NULL,
  action          text        NOT NULL CHECK (action IN ('like', 'comment')),
  amount_minor    bigint      NOT NULL CHECK (amount_minor > 0),
  transaction_id  bigint      NOT NULL UNIQUE REFERENCES ledger_transactions (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, ad_id, day, action)
);
CREATE TRIGGER ad_payments_append_only BEFORE UPDATE OR DELETE ON ad_payments
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

INSERT INTO ledger_business_tables (name) VALUES ('video_payments'), ('ad_payments');

-- The operator's timetable rows (`tasks`): a name and a JSON list of dates or weekday names.
CREATE TABLE timetable_tasks (
  aid         serial      PRIMARY KEY,
  aname       text        NOT NULL CHECK (length(aname) BETWEEN 1 AND 200),
  adate       jsonb       NOT NULL CHECK (jsonb_typeof(adate) = 'array'),
  sort_order  integer     NOT NULL DEFAULT 0,
  active      boolean     NOT NULL DEFAULT true
);
