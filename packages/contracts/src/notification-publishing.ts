// Placeholder: filled by the issue-19 work.
export {};
