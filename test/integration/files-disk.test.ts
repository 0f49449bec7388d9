import { filesSuite } from './files.suite.ts';

filesSuite('disk');
