/**
 * Transcripts and captions (docs/decisions/056-transcripts-and-captions.md, 057-transcribe-command.md), built once
 * and decorated as `app.transcripts`: the author's service, and the transcriber the stories' upload hands each new
 * audio or video story to (it runs nothing unless TRANSCRIBE_COMMAND is set).
 */
import fp from 'fastify-plugin';
import { defineModule } from '../../lib/app-module';
import { createTranscriptRepository } from './transcript-repository';
import { createTranscriptService, type TranscriptService } from './transcript-service';
import { createTranscriber, type Transcriber } from './transcriber';
import { transcriptRoutes } from './routes';

interface TranscriptsFeature {
  service: TranscriptService;
  transcriber: Transcriber;
}

declare module 'fastify' {
  interface FastifyInstance {
    transcripts: TranscriptsFeature;
  }
}

const transcriptsPlugin = fp(
  async (app) => {
    const repository = createTranscriptRepository(app.database);
    const service = createTranscriptService({ repository, store: app.mediaStore, log: app.log });
    const transcriber = createTranscriber({
      command: app.config.transcribeCommand,
      queue: app.mediaWork,
      store: app.mediaStore,
      repository,
      log: app.log,
    });
    app.decorate('transcripts', { service, transcriber });
  },
  {
    name: 'transcripts',
    dependencies: ['media-store', 'media-work'],
    decorators: { fastify: ['config', 'database', 'mediaStore', 'mediaWork'] },
  },
);

export const transcriptsModule = defineModule({
  name: 'transcripts',
  plugin: transcriptsPlugin,
  routes: transcriptRoutes,
});
