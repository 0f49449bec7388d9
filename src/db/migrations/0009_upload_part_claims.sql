-- A chunk being written holds a claim on its index (cluster mode: several nodes take chunks of one
-- session). `claim` is the writer's token and `takeover` the time (ms) after which another node may
-- take the claim over: its writer has stopped writing by then. A received chunk has neither.
alter table upload_parts add column claim text, add column takeover bigint;

-- Claims made before this migration were kept in the etag as `writing:<takeover>:<token>`.
update upload_parts
   set claim = etag, takeover = split_part(etag, ':', 2)::bigint, etag = ''
 where etag like 'writing:%';
