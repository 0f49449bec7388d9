import { S3Store as TusS3Store } from '@tus/s3-store';

/** @tus/s3-store, listing the ids of its unfinished uploads (the keys of its multipart uploads). */
export class ListingS3Store extends TusS3Store {
  async *uploadIds(): AsyncIterable<string> {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.listMultipartUploads({ Bucket: this.bucket, KeyMarker, UploadIdMarker });
      for (const u of page.Uploads ?? []) if (u.Key) yield u.Key;
      if (!page.IsTruncated) return;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
    }
  }
}
