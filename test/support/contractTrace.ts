/** The contract's cascade example (docs/contract.md §1.3) as a trace: b2 falls to b4, b6, b7. */
export const CONTRACT_TRACE = `b1 1 L0 @user "the service restarts every night"
b2 .9 L0 @file:cron.txt "a cron job restarts it at 03:00"
b3 .9 L0 @self "the job was added last spring"
b4 .8 L0 @self <b2 "the restarts are scheduled"
b5 .9 L0 @self <b1 "users notice the downtime"
b6 .7 L0 @self <b4,b3 "removing the job stops the restarts"
b7 .6 L0 @self <b6 "remove the cron job"
`;
