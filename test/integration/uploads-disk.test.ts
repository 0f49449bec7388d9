import { uploadsSuite } from './uploads.suite.ts';

uploadsSuite('disk');
