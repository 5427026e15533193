import { Global, Module } from '@nestjs/common';
import { ClusterBus } from './cluster-bus.js';
import { Connections } from './connections.js';
import { Rooms } from './rooms.js';
import { UnitOfWork } from './unit-of-work.js';

/**
 * Realtime, in four parts (docs/ARCHITECTURE.md, "Realtime: the verbs"): the unit of work (a
 * change and what it says), the cluster bus (between processes), room routing (to sockets) and
 * connections (who is connected).
 */
@Global()
@Module({
  providers: [Rooms, ClusterBus, UnitOfWork, Connections],
  exports: [ClusterBus, UnitOfWork, Connections, Rooms],
})
export class RealtimeModule {}
