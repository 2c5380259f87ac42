package fourx

// WorkspaceConstantsForTest exposes the Go table of the .4x file names to the external tests
// that pin it to the core's workspace.constants.
func WorkspaceConstantsForTest() map[string]string { return workspaceConstants }
