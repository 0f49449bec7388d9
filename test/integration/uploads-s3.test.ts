import { uploadsSuite } from './uploads.suite.ts';

uploadsSuite('s3');
