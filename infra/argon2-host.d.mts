/** Types of infra/argon2-host.mjs (plain JavaScript: the install step runs it before anything is compiled). */
export interface Argon2Variant {
  name: string;
  cflags: string;
  needs: string[];
}
export interface Argon2Package {
  dir: string;
  version: string;
}
export declare const BUILT_MARK: string;
export declare const VARIANTS: Argon2Variant[];
export declare function cpuFlags(): Set<string>;
export declare function variantFor(flags?: Set<string>): Argon2Variant | undefined;
export declare function argon2Package(from: string | URL): Argon2Package;
export declare function hashesLikePortable(portable: typeof import('argon2'), compiled: typeof import('argon2')): Promise<boolean>;
export declare function hostBuildDir(pkg: Argon2Package, variant: Argon2Variant): string;
