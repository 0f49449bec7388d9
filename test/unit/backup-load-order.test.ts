import { describe, expect, it } from 'vitest';
import { loadOrder } from '../../src/modules/backup/load-order.ts';

const fk = (table: string, references: string, name = `${table}_${references}_fkey`) => ({ name, table, references });

describe('backup load order', () => {
  it('loads referenced tables before the tables that reference them', () => {
    const { order, deferred } = loadOrder(
      ['reactions', 'messages', 'users', 'groups', 'group_members'],
      [fk('messages', 'users'), fk('messages', 'groups'), fk('groups', 'users'), fk('group_members', 'groups'), fk('group_members', 'users'), fk('reactions', 'messages')],
    );
    expect(order).toEqual(['users', 'groups', 'group_members', 'messages', 'reactions']);
    expect(deferred).toEqual([]);
  });

  it('defers the keys of a cycle and of a table referencing itself, and loads the rest in order', () => {
    const { order, deferred } = loadOrder(
      ['users', 'a', 'b', 'tree', 'c'],
      [fk('a', 'b'), fk('b', 'a'), fk('a', 'users'), fk('tree', 'tree'), fk('tree', 'users'), fk('c', 'a')],
    );
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('tree'));
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('a'));
    expect(new Set(order)).toEqual(new Set(['users', 'a', 'b', 'tree', 'c']));
    expect(deferred.map((k) => k.name).sort()).toEqual(['a_b_fkey', 'b_a_fkey', 'c_a_fkey', 'tree_tree_fkey']);
  });

  it('ignores keys to tables it does not load', () => {
    const { order, deferred } = loadOrder(['files'], [fk('files', 'upload_sessions')]);
    expect(order).toEqual(['files']);
    expect(deferred).toEqual([]);
  });
});
