import pkg from '../package.json' with { type: 'json' };

/** The server's version: package.json's, read at build time (the compiled image inlines it). */
export const VERSION: string = pkg.version;
