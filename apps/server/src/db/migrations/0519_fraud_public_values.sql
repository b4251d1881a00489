-- Public values (issue 27, docs/decisions/063-public-signal-values.md): a device, phone or email shown by too many
-- accounts (fraud.max_accounts_per_signal), or by four accounts none of which recruited another (an M-Pesa agent's
-- number, a cybercafe PC), says nothing about one person; nor does a device used by strangers at an address where
-- three devices were (a cybercafe whose browsers are wiped nightly: the address is marked too, kind ip). From the
-- moment it is marked a value links nobody: the links it made stop linking and the clusters they joined are rebuilt.
-- Hashes only: no row names a member.
CREATE TABLE fraud_public_values (
  hash      text PRIMARY KEY,
  kind      text NOT NULL CHECK (kind IN ('device', 'payer_phone', 'payout_phone', 'email', 'phone', 'ip')),
  reason    text NOT NULL CHECK (reason IN ('accounts', 'unrelated', 'place')),
  marked_at timestamptz NOT NULL
);

-- Devices used by accounts of which two or more did not recruit each other, by the address they were used at: three
-- at one address make it a public place.
CREATE TABLE fraud_place_devices (
  ip_hash     text NOT NULL,
  device_hash text NOT NULL,
  seen_at     timestamptz NOT NULL,
  PRIMARY KEY (ip_hash, device_hash)
);
