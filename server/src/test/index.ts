// Everything a server test needs: `buildTestApp`, clients, the fake clock, answers checked against the
// contract, and factories per aggregate.
export * from './answers.ts';
export * from './build-test-app.ts';
export * from './client.ts';
export * from './clock.ts';
export * from './eventually.ts';
export * from './factories.ts';
export * from './mail-inbox.ts';
export * from './redis-deployment.ts';
export * from './solo-queue.ts';
