import { afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/index.ts';
import { publishClientData } from '../../src/realtime/publish.ts';
import { describeEachDatabase } from './harness.ts';
import { TestHubClient, listenUrl, makeHubUser } from './hubClient.ts';

const hasId = (id: string) => (data: unknown) => (data as { id?: unknown } | null)?.id === id;

describeEachDatabase('realtime hub', (ctx) => {
  let baseUrl = '';
  const open: TestHubClient[] = [];
  const connect = async (token: string) => {
    const client = await TestHubClient.connect(baseUrl, token);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    baseUrl = await listenUrl(ctx().app);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => client.close()));
  });

  it('closes with 4401 without a valid token', async () => {
    const disabled = await makeHubUser(ctx().app, { status: 0 });
    const forged = await makeHubUser(ctx().app);
    for (const token of [undefined, '', 'not-a-jwt', `${forged.token}x`, disabled.token]) {
      const client = TestHubClient.open(baseUrl, token);
      const { code } = await client.closed;
      expect(code, String(token)).toBe(4401);
      expect(client.messages).toEqual([]);
    }
  });

  it('says who is connected and answers loadUserData', async () => {
    const user = await makeHubUser(ctx().app, { firstName: 'Ada', lastName: 'Lovelace' });
    const client = await connect(user.token);
    expect(client.messages[0]).toEqual({
      command: 'connected',
      data: { userId: user.userId, companyId: user.companyId },
    });
    client.send({ invoke: 'loadUserData' });
    const answer = await client.next('loaduserdata');
    expect(answer.data).toEqual({
      userId: user.userId,
      companyId: user.companyId,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    // Then the whole queue (empty for a new user), so a reconnecting client catches up.
    expect((await client.next('addorupdate:queueitems')).data).toEqual([]);
    client.messages.length = 0;
    client.send({ command: 'load:userdata' });
    expect((await client.next('loaduserdata')).data).toMatchObject({ firstName: 'Ada' });
    client.send('not json');
    await client.next('error');
  });

  it('delivers a user message to every socket of that user and no one else', async () => {
    const alice = await makeHubUser(ctx().app);
    const bob = await makeHubUser(ctx().app, { companyId: alice.companyId });
    const aliceTab1 = await connect(alice.token);
    const aliceTab2 = await connect(alice.token);
    const bobTab = await connect(bob.token);

    const item = { id: 'prediction-1', status: 2 };
    await publishClientData(ctx().database, {
      userId: alice.userId,
      command: 'addorupdate:predictionitem',
      data: item,
    });
    // Then a company message: notifications arrive in order, so once Bob has it, he would
    // already have had the user message had it been sent to him.
    const marker = { id: 'marker-1' };
    await publishClientData(ctx().database, {
      companyId: alice.companyId,
      command: 'addorupdate:queueitem',
      data: marker,
    });

    for (const tab of [aliceTab1, aliceTab2]) {
      expect((await tab.next('addorupdate:predictionitem')).data).toEqual(item);
    }
    await bobTab.next('addorupdate:queueitem', hasId('marker-1'));
    expect(bobTab.received('addorupdate:predictionitem')).toBe(false);
  });

  it('delivers a company message to every socket of that company and none of another', async () => {
    const first = await makeHubUser(ctx().app);
    const colleague = await makeHubUser(ctx().app, { companyId: first.companyId });
    const outsider = await makeHubUser(ctx().app);
    const firstTab = await connect(first.token);
    const colleagueTab = await connect(colleague.token);
    const outsiderTab = await connect(outsider.token);

    const list = [{ id: 'weather-1', downloadProgress: 0 }];
    await publishClientData(ctx().database, {
      companyId: first.companyId,
      command: 'addorupdate:weatheritems',
      data: list,
    });
    await publishClientData(ctx().database, {
      userId: outsider.userId,
      command: 'delete:queueitem',
      data: { id: 'marker-2' },
    });

    for (const tab of [firstTab, colleagueTab]) {
      expect((await tab.next('addorupdate:weatheritems')).data).toEqual(list);
    }
    await outsiderTab.next('delete:queueitem', hasId('marker-2'));
    expect(outsiderTab.received('addorupdate:weatheritems')).toBe(false);
  });

  it('delivers messages larger than a NOTIFY payload whole', async () => {
    const user = await makeHubUser(ctx().app);
    const tab = await connect(user.token);
    const items = Array.from({ length: 400 }, (_, i) => ({
      id: `queue-${i}`,
      name: `Prédiction ${i} ☀`,
      progress: i,
    }));
    await publishClientData(ctx().database, {
      userId: user.userId,
      command: 'addorupdate:queueitems',
      data: items,
    });
    expect((await tab.next('addorupdate:queueitems')).data).toEqual(items);
  });

  it('refuses to publish without a target or with an unknown command', async () => {
    const database = ctx().database;
    await expect(
      publishClientData(database, { command: 'delete:queueitem', data: {} } as never),
    ).rejects.toThrow();
    await expect(
      publishClientData(database, { userId: 'x', command: 'explode:everything' as never, data: {} }),
    ).rejects.toThrow(/unknown client command/);
  });

  it('forwards from another API process and closes its sockets when that process closes', async () => {
    const { kind, database } = ctx();
    // On PostgreSQL the second app has its own pool and LISTEN connection, like another process;
    // PGlite is one process by nature, so the second app shares its database.
    const secondDatabase = kind === 'postgres' ? await openDatabase({ databaseUrl: database.url }) : database;
    const config = { ...ctx().app.services.config };
    const second = await buildApp({ config, database: secondDatabase, logger: false });
    let closed = false;
    try {
      const secondUrl = await listenUrl(second);
      const user = await makeHubUser(ctx().app);
      const tab = await TestHubClient.connect(secondUrl, user.token);
      await publishClientData(database, {
        userId: user.userId,
        command: 'addorupdate:weatheritem',
        data: { id: 'w' },
      });
      expect((await tab.next('addorupdate:weatheritem')).data).toEqual({ id: 'w' });
      await second.close();
      closed = true;
      const { code } = await tab.closed;
      expect([1000, 1001, 1005, 1006]).toContain(code);
    } finally {
      if (!closed) await second.close();
      if (secondDatabase !== database) await secondDatabase.close();
    }
  });
});
