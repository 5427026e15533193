import { Module } from '@nestjs/common';
import { FollowsService } from './follows.service.js';

/** Find and follow (issue 34): player search, follows, who of those you follow is on. */
@Module({
  providers: [FollowsService],
  exports: [FollowsService],
})
export class SocialModule {}
