#!/bin/sh
# One-shot MinIO set-up for docker-compose.yml: the bucket, a policy limited to it, and the
# app's own access key with that policy (the app never holds the root credentials).
# Safe to run again: every step tolerates what already exists.
set -eu

mc alias set local "$MINIO_URL" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD"
mc mb --ignore-existing "local/$S3_BUCKET"
# Uploads are served through the app, never directly: no anonymous access.
mc anonymous set none "local/$S3_BUCKET"

policy=/tmp/chat-bucket-policy.json
cat > "$policy" <<JSON
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
    { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject",
        "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] }
  ]
}
JSON
mc admin policy create local chat-app "$policy"
mc admin user add local "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
mc admin policy attach local chat-app --user "$S3_ACCESS_KEY" || true  # already attached on a re-run
echo "bucket $S3_BUCKET ready for $S3_ACCESS_KEY"
