/** The page's one document pipeline, created on first use with its workers. */
import { transfer } from 'comlink';
import { DocumentPipeline } from './documentPipeline.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { getSimilarityClient, similarityTextFrom } from '../similarity/similarityInstance.ts';
import { startWorkers } from './workerClients.ts';

let pipeline: DocumentPipeline | null = null;

export function getPipeline(): DocumentPipeline {
  if (!pipeline) {
    const workers = startWorkers((stage, message) => useDocumentStore.setState({ workerError: `${stage} worker: ${message}` }));
    pipeline = new DocumentPipeline(workers.validation, workers.layout, workers.inference);
    similarityTextFrom((port) => void workers.validation.connectSimilarity(transfer(port, [port])));
    pipeline.setAnalysisHook((analysis, files) => getSimilarityClient().documentChanged(analysis, files));
    pipeline.followOpens();
  }
  return pipeline;
}
