// Starts `warrant lsp --stdio` for CLAIR files, Gaia modules (Python files of a package
// folder) and, when asked, FormalProposal JSON; every feature comes from the server.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('warrant');
  const [command, ...args] = config.get('command');
  const documentSelector = [{ scheme: 'file', language: 'clair' }, { scheme: 'file', language: 'python' }, ...(config.get('proposals') ? [{ scheme: 'file', language: 'json' }] : [])];
  const near = config.get('nearDuplicates');
  const initializationOptions = near && near !== 'off' ? { nearDuplicates: near } : {};
  client = new LanguageClient('warrant', 'Warrant', { command, args, options: { shell: process.platform === 'win32' } }, { documentSelector, initializationOptions });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
