-- File ownership: a `files` row is one uploader's file record (its own name, URL and origin); the
-- content it serves is a stored blob, shared by every record of the same bytes (dedup by sha256).
-- Deduplication no longer hands one user's file to another: a second uploader of the same bytes
-- gets a record (and URL) of their own backed by the same blob, and the blob is deleted when its
-- last live record goes.

create table file_blobs (
  -- The storage key: the stored name the content was first written under.
  key    text primary key check (key ~ '^[0-9a-f]{32}\.[a-z0-9]{1,10}$'),
  sha256 text not null unique,
  size   bigint not null check (size >= 0)
);

-- Every live file had its own content and a unique hash: each becomes the blob of its own record.
insert into file_blobs (key, sha256, size)
  select name, sha256, size from files where removed is null and sha256 is not null;

-- The blob behind a record; null once the blob is gone (a removed record keeps no content).
alter table files add column blob text references file_blobs (key) on delete set null;
update files set blob = name where removed is null and sha256 is not null;
alter table files drop column sha256;

-- The other live records of a blob (is it still used?).
create index files_blob on files (blob) where removed is null;
-- One live record per uploader and content: the same person uploading the same bytes again gets
-- the record they have. Also answers "this uploader's record of this blob".
create unique index files_uploader_blob on files (uploader_id, blob) where removed is null;
