import { filesSuite } from './files.suite.ts';

filesSuite('s3');
