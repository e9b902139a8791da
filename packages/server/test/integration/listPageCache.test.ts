/**
 * The list page cache (lib/pageCache.ts, issue 18): a page is served again only while the database's
 * change epoch (db/changeEpochs.ts) is unchanged, so any write shows on the next list, whoever made
 * it (this process's Drizzle handle, a raw connection); another company or a viewer with other rights
 * never gets a page made for someone else. The app caches on both databases. (Writes by another
 * process, rolled back and concurrent: db.changeEpochs.test.ts.)
 */
import { expect, it } from 'vitest';
import { epochPageCache, pageCacheOf } from '../../src/lib/pageCache.ts';
import { call, describeEachDatabase } from './harness.ts';
import { tag } from './moduleHelpers.ts';
import { createCompanyUser } from './projectFactory.ts';
import { dataFile, importWeather } from './weatherHelpers.ts';

interface ProjectItem {
  id: number;
  name: string;
  owner: { firstName: string } | null;
}

describeEachDatabase('list page cache', (ctx) => {
  it('serves a stored page until anything is written, by Drizzle or a raw statement', async () => {
    const { database } = ctx();
    const user = await createCompanyUser(ctx().app);
    const cache = epochPageCache(database.db);
    let loads = 0;
    const load = async () => {
      loads++;
      return { body: `[${loads}]`, total: loads };
    };
    expect((await cache.page('a', load)).total).toBe(1);
    // Each test worker has a database of its own, and nothing else writes its watched tables now.
    expect((await cache.page('a', load)).total).toBe(1);
    expect((await cache.page('b', load)).body).not.toBe('[1]');
    const before = loads;
    await database.executeSql(`update companies set name = name || '.' where id = $1`, [user.companyId]);
    expect((await cache.page('a', load)).total).toBe(before + 1);
    expect((await cache.page('a', load)).total).toBe(before + 1);
    // A rolled-back write leaves the data as it was, and the epoch: the stored page is still exact.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(`update companies set name = 'Rolled back' where id = '${user.companyId}'`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await cache.page('a', load)).total).toBe(before + 1);
    const { rows } = await database.executeSql('select name from companies where id = $1', [user.companyId]);
    expect(rows[0]?.name).not.toBe('Rolled back');
    // Nor does a write to a table that no kept answer reads (db/changeEpochs.ts UNWATCHED_TABLES).
    await database.executeSql(`delete from throttles where key = 'no such key'`);
    expect((await cache.page('a', load)).total).toBe(before + 1);
  });

  it('keeps at most its number of pages and characters, the oldest going first', async () => {
    const { database } = ctx();
    const cache = epochPageCache(database.db, 3, 10);
    const loads: string[] = [];
    const load = (body: string) => async () => {
      loads.push(body);
      return { body, total: 0 };
    };
    await cache.page('a', load('aaaa'));
    await cache.page('b', load('bbbb'));
    await cache.page('c', load('cccc')); // 12 characters: the first stored, 'a', goes
    await cache.page('b', load('bbbb'));
    await cache.page('a', load('aaaa')); // read again; 'b', now the first stored, goes
    await cache.page('c', load('cccc'));
    await cache.page('a', load('aaaa'));
    expect(loads).toEqual(['aaaa', 'bbbb', 'cccc', 'aaaa']);
    await cache.page('d', load('dddd')); // 'c' goes
    await cache.page('c', load('cccc'));
    await cache.page('x', load('x'.repeat(11))); // larger than all pages together: never kept
    await cache.page('x', load('x'.repeat(11)));
    expect(loads).toEqual(['aaaa', 'bbbb', 'cccc', 'aaaa', 'dddd', 'cccc', 'x'.repeat(11), 'x'.repeat(11)]);
    const two = epochPageCache(database.db, 2, 100);
    loads.length = 0;
    for (const key of ['a', 'b', 'c', 'b', 'a']) await two.page(key, load(key)); // two pages at most
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('is on for both databases, one cache per database', async () => {
    const { database } = ctx();
    const cache = pageCacheOf(database);
    expect(pageCacheOf(database)).toBe(cache);
    let loads = 0;
    const load = async () => ({ body: '[]', total: ++loads });
    await cache.page('same', load);
    await cache.page('same', load);
    expect(loads).toBe(1);
  });

  it('shows a project write at once, and never another company’s page', async () => {
    const { app, database } = ctx();
    const owner = await createCompanyUser(app, { firstName: 'Olga' });
    const other = await createCompanyUser(app);
    const list = async (token: string, query = '') => {
      const res = await call(app, { method: 'GET', url: `/api/Project?top=25${query}`, token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return { items: res.json() as ProjectItem[], total: Number(res.headers['x-total-count']) };
    };
    const create = async (name: string) =>
      (
        (
          await call(app, {
            method: 'POST',
            url: '/api/Project',
            token: owner.token,
            payload: { name, latitude: 40, longitude: -105 },
          })
        ).json() as { id: number }
      ).id;
    const name = tag('Cached');
    const first = await create(`${name} 1`);
    expect(await list(owner.token)).toMatchObject({ total: 1, items: [{ id: first }] });
    expect(await list(owner.token)).toMatchObject({ total: 1 });
    expect(await list(other.token)).toEqual({ items: [], total: 0 });

    const second = await create(`${name} 2`);
    const afterCreate = await list(owner.token);
    expect(afterCreate.total).toBe(2);
    expect(afterCreate.items.map((p) => p.id)).toEqual([second, first]);

    await call(app, {
      method: 'PUT',
      url: `/api/Project/${first}`,
      token: owner.token,
      payload: { name: `${name} renamed`, latitude: 40, longitude: -105 },
    });
    const afterUpdate = await list(owner.token);
    expect(afterUpdate.items.map((p) => p.name)).toEqual([`${name} renamed`, `${name} 2`]);

    // The owner's name comes from the users table, changed here behind the app's back.
    await database.executeSql(`update users set first_name = 'Oksana' where id = $1`, [owner.userId]);
    expect((await list(owner.token)).items.map((p) => p.owner?.firstName)).toEqual(['Oksana', 'Oksana']);

    await call(app, { method: 'DELETE', url: `/api/Project/${second}`, token: owner.token });
    expect(await list(owner.token)).toMatchObject({ total: 1, items: [{ id: first }] });
    expect(await list(other.token)).toEqual({ items: [], total: 0 });
    // Another shape of the list (status and search filters) is a page of its own.
    expect(await list(owner.token, `&status=0&search=${name}`)).toMatchObject({ total: 1 });
  });

  it('gives each viewer of a library page their own answer', async () => {
    const { app } = ctx();
    const author = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: author.companyId });
    const admin = await createCompanyUser(app, { companyId: author.companyId, roles: ['User', 'Admin'] });
    const stranger = await createCompanyUser(app);
    const { id } = (
      await call(app, {
        method: 'POST',
        url: '/api/Module',
        token: author.token,
        payload: { name: `${tag('Mine')} module` },
      })
    ).json() as { id: number };
    // The unfiltered page, newest first: the prepared statement's path.
    const page = async (token: string) => {
      const res = await call(app, {
        method: 'GET',
        url: '/api/Module/ModuleOverview?sort=lastModified&order=desc&pageSize=50',
        token,
      });
      expect(res.statusCode).toBe(200);
      const items = (res.json() as { items: { id: number; isReadOnly: boolean }[] }).items;
      return items.find((item) => item.id === id);
    };
    expect(await page(author.token)).toMatchObject({ isReadOnly: false });
    expect(await page(author.token)).toMatchObject({ isReadOnly: false });
    expect(await page(colleague.token)).toBeUndefined();
    expect(await page(stranger.token)).toBeUndefined();
    expect(await page(admin.token)).toMatchObject({ isReadOnly: false });
    // Shared with the company: the colleague's next page shows it.
    await call(app, {
      method: 'POST',
      url: '/api/Module/Status',
      token: author.token,
      payload: { items: [{ id, status: 2, note: '' }] },
    });
    expect(await page(colleague.token)).toBeDefined();
    expect(await page(stranger.token)).toBeUndefined();
  });

  it('shows a weather change at once, to its owner only while it is Draft-Private', async () => {
    const { app, database } = ctx();
    const owner = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: owner.companyId });
    const name = tag('Weather');
    const { id } = await importWeather(app, owner.token, '723170TYA.CSV', dataFile('723170TYA.CSV'), {
      name,
    });
    const names = async (token: string, path = 'MyWeatherOverview') =>
      (
        (await call(app, { method: 'GET', url: `/api/Weather/${path}?search=${name}`, token })).json() as {
          items: { id: number; name: string }[];
        }
      ).items.map((item) => item.name);
    expect(await names(owner.token)).toEqual([name]);
    expect(await names(owner.token)).toEqual([name]);
    expect(await names(colleague.token, 'WeatherOverview')).toEqual([]);
    await database.executeSql(`update weathers set name = $1 where id = $2`, [`${name} renamed`, id]);
    expect(await names(owner.token)).toEqual([`${name} renamed`]);
    expect(await names(colleague.token, 'WeatherOverview')).toEqual([]);
  });
});
