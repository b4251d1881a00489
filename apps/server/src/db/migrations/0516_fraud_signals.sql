-- Multi-account clusters (issue 27, docs/decisions/061-multi-account-clusters.md).
--
-- fraud_signals: what was seen of a member at sign-up, sign-in, activation, deposit, withdrawal and payout, as a keyed
-- hash (HMAC-SHA256 under a server key), never the raw value; one row per member, kind, hash and event with when it
-- was last seen. Deleted after `fraud.raw_retention_days` and when the account is closed (with the member row, were
-- one ever deleted: accounts are pseudonymised, not deleted, but a signal must not outlive its member).
CREATE TABLE fraud_signals (
  id        bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind      text NOT NULL
            CHECK (kind IN ('device', 'ip', 'network', 'payer_phone', 'payout_phone', 'receiver_name', 'email',
                            'phone')),
  hash      text NOT NULL,
  event     text NOT NULL CHECK (event IN ('signup', 'signin', 'activation', 'deposit', 'withdrawal', 'payout')),
  seen_at   timestamptz NOT NULL,
  UNIQUE (member_id, kind, hash, event)
);
CREATE INDEX fraud_signals_hash ON fraud_signals (kind, hash);
CREATE INDEX fraud_signals_seen ON fraud_signals (seen_at);

-- A cluster of accounts linked by a shared linking signal (union-find: membership points straight at the cluster).
-- A cluster merged into a larger one keeps its row (size 0, merged_into set) so rows naming it still resolve.
CREATE TABLE fraud_clusters (
  id          bigserial PRIMARY KEY,
  state       text NOT NULL CHECK (state IN ('watch', 'open', 'cleared', 'confirmed')),
  ring        boolean NOT NULL DEFAULT false,
  size        integer NOT NULL CHECK (size >= 0),
  opened_at   timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  merged_into bigint REFERENCES fraud_clusters (id)
);
CREATE INDEX fraud_clusters_state ON fraud_clusters (state, updated_at DESC) WHERE merged_into IS NULL;

CREATE TABLE fraud_cluster_members (
  member_id  bigint PRIMARY KEY REFERENCES members (id),
  cluster_id bigint NOT NULL REFERENCES fraud_clusters (id),
  joined_at  timestamptz NOT NULL
);
CREATE INDEX fraud_cluster_members_cluster ON fraud_cluster_members (cluster_id);

-- Two members who shared a signal (member_a < member_b), its kind and hash, when first and last seen; `linking`
-- links (device, payer and payout phone, email, phone) join clusters, the others are evidence shown to operators.
CREATE TABLE fraud_links (
  member_a      bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  member_b      bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind          text NOT NULL
                CHECK (kind IN ('device', 'ip', 'network', 'payer_phone', 'payout_phone', 'receiver_name', 'email',
                            'phone')),
  hash          text NOT NULL,
  linking       boolean NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  PRIMARY KEY (member_a, member_b, kind, hash),
  CHECK (member_a < member_b)
);
CREATE INDEX fraud_links_member_b ON fraud_links (member_b);
CREATE INDEX fraud_links_hash ON fraud_links (kind, hash);
