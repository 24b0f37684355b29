import { Module } from '@nestjs/common';
import { OutgoingHttpService } from './outgoing-http.service';

@Module({ providers: [OutgoingHttpService] })
export class OutgoingHttpModule {}
