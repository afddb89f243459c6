/** The page's one document pipeline, created on first use with its workers. */
import { DocumentPipeline } from './documentPipeline.ts';
import { useDocumentStore } from './documentStore.ts';
import { getSimilarityClient } from './similarityInstance.ts';
import { startWorkers } from './workerClients.ts';

let pipeline: DocumentPipeline | null = null;

export function getPipeline(): DocumentPipeline {
  if (!pipeline) {
    const workers = startWorkers((stage, message) => useDocumentStore.setState({ workerError: `${stage} worker: ${message}` }));
    pipeline = new DocumentPipeline(workers.validation, workers.layout, workers.inference);
    pipeline.setAnalysisHook((analysis, text, files) => getSimilarityClient().documentChanged(analysis, text, files));
    pipeline.followOpens();
  }
  return pipeline;
}
