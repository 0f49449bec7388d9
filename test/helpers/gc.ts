import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * A full collection of this process's heap, without starting it with `--expose-gc` (the flag is
 * read when `gc` is first asked for, so setting it now is enough).
 */
export const collectGarbage: () => void = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
