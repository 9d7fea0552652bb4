-- PostgreSQL dialect of ../0013_sign_in_codes.sql (same version and name; see README.md in this folder).
-- Sign-in codes by e-mail or text message (issue 12): after the password, a user with a row here gets a 6-digit code
-- sent to their e-mail address (method 'email') or to their primary phone, or on request their secondary one (method
-- 'sms'). The codes themselves live in argusd's memory only.

CREATE TABLE user_sign_in_codes (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('email', 'sms')),
  primary_phone text,
  secondary_phone text,
  CHECK (method = 'email' OR primary_phone IS NOT NULL)
);
