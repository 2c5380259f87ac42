// Code generated from fourx-core's ErrorKind::ALL by `make docs`; DO NOT EDIT.

package fourx

// The kinds of the closed set, in the order of the core's error table.
const (
	// KindInvalidInput is the kind `invalid_input`.
	KindInvalidInput ErrorKind = "invalid_input"
	// KindInvalidValue is the kind `invalid_value`.
	KindInvalidValue ErrorKind = "invalid_value"
	// KindMissingField is the kind `missing_field`.
	KindMissingField ErrorKind = "missing_field"
	// KindDuplicateField is the kind `duplicate_field`.
	KindDuplicateField ErrorKind = "duplicate_field"
	// KindInputTooLarge is the kind `input_too_large`.
	KindInputTooLarge ErrorKind = "input_too_large"
	// KindUnknownOp is the kind `unknown_op`.
	KindUnknownOp ErrorKind = "unknown_op"
	// KindUnknownKind is the kind `unknown_kind`.
	KindUnknownKind ErrorKind = "unknown_kind"
	// KindUnknownAgent is the kind `unknown_agent`.
	KindUnknownAgent ErrorKind = "unknown_agent"
	// KindUnknownProfile is the kind `unknown_profile`.
	KindUnknownProfile ErrorKind = "unknown_profile"
	// KindUnknownRunner is the kind `unknown_runner`.
	KindUnknownRunner ErrorKind = "unknown_runner"
	// KindInvalidTime is the kind `invalid_time`.
	KindInvalidTime ErrorKind = "invalid_time"
	// KindInvalidNonce is the kind `invalid_nonce`.
	KindInvalidNonce ErrorKind = "invalid_nonce"
	// KindInvalidPath is the kind `invalid_path`.
	KindInvalidPath ErrorKind = "invalid_path"
	// KindInvalidProjectID is the kind `invalid_project_id`.
	KindInvalidProjectID ErrorKind = "invalid_project_id"
	// KindInvalidSnapshot is the kind `invalid_snapshot`.
	KindInvalidSnapshot ErrorKind = "invalid_snapshot"
	// KindInvalidFeatureID is the kind `invalid_feature_id`.
	KindInvalidFeatureID ErrorKind = "invalid_feature_id"
	// KindInvalidJSON is the kind `invalid_json`.
	KindInvalidJSON ErrorKind = "invalid_json"
	// KindInvalidYAML is the kind `invalid_yaml`.
	KindInvalidYAML ErrorKind = "invalid_yaml"
	// KindInvalidConfig is the kind `invalid_config`.
	KindInvalidConfig ErrorKind = "invalid_config"
	// KindInvalidFeature is the kind `invalid_feature`.
	KindInvalidFeature ErrorKind = "invalid_feature"
	// KindMalformedContract is the kind `malformed_contract`.
	KindMalformedContract ErrorKind = "malformed_contract"
	// KindMalformedArtifact is the kind `malformed_artifact`.
	KindMalformedArtifact ErrorKind = "malformed_artifact"
	// KindMalformedDoc is the kind `malformed_doc`.
	KindMalformedDoc ErrorKind = "malformed_doc"
	// KindUnsupportedFormat is the kind `unsupported_format`.
	KindUnsupportedFormat ErrorKind = "unsupported_format"
	// KindMissingContract is the kind `missing_contract`.
	KindMissingContract ErrorKind = "missing_contract"
	// KindMissingEvidence is the kind `missing_evidence`.
	KindMissingEvidence ErrorKind = "missing_evidence"
	// KindScenarioMismatch is the kind `scenario_mismatch`.
	KindScenarioMismatch ErrorKind = "scenario_mismatch"
	// KindTooShort is the kind `too_short`.
	KindTooShort ErrorKind = "too_short"
	// KindPlaceholderLeft is the kind `placeholder_left`.
	KindPlaceholderLeft ErrorKind = "placeholder_left"
	// KindUUIDMismatch is the kind `uuid_mismatch`.
	KindUUIDMismatch ErrorKind = "uuid_mismatch"
	// KindUnrecognizedReply is the kind `unrecognized_reply`.
	KindUnrecognizedReply ErrorKind = "unrecognized_reply"
	// KindAmbiguous is the kind `ambiguous`.
	KindAmbiguous ErrorKind = "ambiguous"
	// KindBudgetTooSmall is the kind `budget_too_small`.
	KindBudgetTooSmall ErrorKind = "budget_too_small"
	// KindMissingCodingPhase is the kind `missing_coding_phase`.
	KindMissingCodingPhase ErrorKind = "missing_coding_phase"
	// KindUnresolvedRunner is the kind `unresolved_runner`.
	KindUnresolvedRunner ErrorKind = "unresolved_runner"
	// KindUnresolvableTier is the kind `unresolvable_tier`.
	KindUnresolvableTier ErrorKind = "unresolvable_tier"
	// KindNoHome is the kind `no_home`.
	KindNoHome ErrorKind = "no_home"
	// KindRootIsFilesystemRoot is the kind `root_is_filesystem_root`.
	KindRootIsFilesystemRoot ErrorKind = "root_is_filesystem_root"
	// KindRootIsHome is the kind `root_is_home`.
	KindRootIsHome ErrorKind = "root_is_home"
	// KindNotAProject is the kind `not_a_project`.
	KindNotAProject ErrorKind = "not_a_project"
	// KindStorageInsideProject is the kind `storage_inside_project`.
	KindStorageInsideProject ErrorKind = "storage_inside_project"
	// KindProjectMismatch is the kind `project_mismatch`.
	KindProjectMismatch ErrorKind = "project_mismatch"
	// KindNotFound is the kind `not_found`.
	KindNotFound ErrorKind = "not_found"
	// KindNotVisible is the kind `not_visible`.
	KindNotVisible ErrorKind = "not_visible"
	// KindNoDispatchRule is the kind `no_dispatch_rule`.
	KindNoDispatchRule ErrorKind = "no_dispatch_rule"
	// KindInvalidTransition is the kind `invalid_transition`.
	KindInvalidTransition ErrorKind = "invalid_transition"
	// KindInvalidRecoveryTarget is the kind `invalid_recovery_target`.
	KindInvalidRecoveryTarget ErrorKind = "invalid_recovery_target"
	// KindNotCleanable is the kind `not_cleanable`.
	KindNotCleanable ErrorKind = "not_cleanable"
	// KindFeatureActive is the kind `feature_active`.
	KindFeatureActive ErrorKind = "feature_active"
	// KindLeaseLost is the kind `lease_lost`.
	KindLeaseLost ErrorKind = "lease_lost"
	// KindFoldConflict is the kind `fold_conflict`.
	KindFoldConflict ErrorKind = "fold_conflict"
	// KindIOError is the kind `io_error`.
	KindIOError ErrorKind = "io_error"
	// KindNullArg is the kind `null_arg`.
	KindNullArg ErrorKind = "null_arg"
	// KindInvalidUTF8 is the kind `invalid_utf8`.
	KindInvalidUTF8 ErrorKind = "invalid_utf8"
	// KindPanic is the kind `panic`.
	KindPanic ErrorKind = "panic"
)

// The errors.Is targets, one per kind.
var (
	// ErrInvalidInput matches every *Error of kind `invalid_input`.
	ErrInvalidInput error = allSentinels[0]
	// ErrInvalidValue matches every *Error of kind `invalid_value`.
	ErrInvalidValue error = allSentinels[1]
	// ErrMissingField matches every *Error of kind `missing_field`.
	ErrMissingField error = allSentinels[2]
	// ErrDuplicateField matches every *Error of kind `duplicate_field`.
	ErrDuplicateField error = allSentinels[3]
	// ErrInputTooLarge matches every *Error of kind `input_too_large`.
	ErrInputTooLarge error = allSentinels[4]
	// ErrUnknownOp matches every *Error of kind `unknown_op`.
	ErrUnknownOp error = allSentinels[5]
	// ErrUnknownKind matches every *Error of kind `unknown_kind`.
	ErrUnknownKind error = allSentinels[6]
	// ErrUnknownAgent matches every *Error of kind `unknown_agent`.
	ErrUnknownAgent error = allSentinels[7]
	// ErrUnknownProfile matches every *Error of kind `unknown_profile`.
	ErrUnknownProfile error = allSentinels[8]
	// ErrUnknownRunner matches every *Error of kind `unknown_runner`.
	ErrUnknownRunner error = allSentinels[9]
	// ErrInvalidTime matches every *Error of kind `invalid_time`.
	ErrInvalidTime error = allSentinels[10]
	// ErrInvalidNonce matches every *Error of kind `invalid_nonce`.
	ErrInvalidNonce error = allSentinels[11]
	// ErrInvalidPath matches every *Error of kind `invalid_path`.
	ErrInvalidPath error = allSentinels[12]
	// ErrInvalidProjectID matches every *Error of kind `invalid_project_id`.
	ErrInvalidProjectID error = allSentinels[13]
	// ErrInvalidSnapshot matches every *Error of kind `invalid_snapshot`.
	ErrInvalidSnapshot error = allSentinels[14]
	// ErrInvalidFeatureID matches every *Error of kind `invalid_feature_id`.
	ErrInvalidFeatureID error = allSentinels[15]
	// ErrInvalidJSON matches every *Error of kind `invalid_json`.
	ErrInvalidJSON error = allSentinels[16]
	// ErrInvalidYAML matches every *Error of kind `invalid_yaml`.
	ErrInvalidYAML error = allSentinels[17]
	// ErrInvalidConfig matches every *Error of kind `invalid_config`.
	ErrInvalidConfig error = allSentinels[18]
	// ErrInvalidFeature matches every *Error of kind `invalid_feature`.
	ErrInvalidFeature error = allSentinels[19]
	// ErrMalformedContract matches every *Error of kind `malformed_contract`.
	ErrMalformedContract error = allSentinels[20]
	// ErrMalformedArtifact matches every *Error of kind `malformed_artifact`.
	ErrMalformedArtifact error = allSentinels[21]
	// ErrMalformedDoc matches every *Error of kind `malformed_doc`.
	ErrMalformedDoc error = allSentinels[22]
	// ErrUnsupportedFormat matches every *Error of kind `unsupported_format`.
	ErrUnsupportedFormat error = allSentinels[23]
	// ErrMissingContract matches every *Error of kind `missing_contract`.
	ErrMissingContract error = allSentinels[24]
	// ErrMissingEvidence matches every *Error of kind `missing_evidence`.
	ErrMissingEvidence error = allSentinels[25]
	// ErrScenarioMismatch matches every *Error of kind `scenario_mismatch`.
	ErrScenarioMismatch error = allSentinels[26]
	// ErrTooShort matches every *Error of kind `too_short`.
	ErrTooShort error = allSentinels[27]
	// ErrPlaceholderLeft matches every *Error of kind `placeholder_left`.
	ErrPlaceholderLeft error = allSentinels[28]
	// ErrUUIDMismatch matches every *Error of kind `uuid_mismatch`.
	ErrUUIDMismatch error = allSentinels[29]
	// ErrUnrecognizedReply matches every *Error of kind `unrecognized_reply`.
	ErrUnrecognizedReply error = allSentinels[30]
	// ErrAmbiguous matches every *Error of kind `ambiguous`.
	ErrAmbiguous error = allSentinels[31]
	// ErrBudgetTooSmall matches every *Error of kind `budget_too_small`.
	ErrBudgetTooSmall error = allSentinels[32]
	// ErrMissingCodingPhase matches every *Error of kind `missing_coding_phase`.
	ErrMissingCodingPhase error = allSentinels[33]
	// ErrUnresolvedRunner matches every *Error of kind `unresolved_runner`.
	ErrUnresolvedRunner error = allSentinels[34]
	// ErrUnresolvableTier matches every *Error of kind `unresolvable_tier`.
	ErrUnresolvableTier error = allSentinels[35]
	// ErrNoHome matches every *Error of kind `no_home`.
	ErrNoHome error = allSentinels[36]
	// ErrRootIsFilesystemRoot matches every *Error of kind `root_is_filesystem_root`.
	ErrRootIsFilesystemRoot error = allSentinels[37]
	// ErrRootIsHome matches every *Error of kind `root_is_home`.
	ErrRootIsHome error = allSentinels[38]
	// ErrNotAProject matches every *Error of kind `not_a_project`.
	ErrNotAProject error = allSentinels[39]
	// ErrStorageInsideProject matches every *Error of kind `storage_inside_project`.
	ErrStorageInsideProject error = allSentinels[40]
	// ErrProjectMismatch matches every *Error of kind `project_mismatch`.
	ErrProjectMismatch error = allSentinels[41]
	// ErrNotFound matches every *Error of kind `not_found`.
	ErrNotFound error = allSentinels[42]
	// ErrNotVisible matches every *Error of kind `not_visible`.
	ErrNotVisible error = allSentinels[43]
	// ErrNoDispatchRule matches every *Error of kind `no_dispatch_rule`.
	ErrNoDispatchRule error = allSentinels[44]
	// ErrInvalidTransition matches every *Error of kind `invalid_transition`.
	ErrInvalidTransition error = allSentinels[45]
	// ErrInvalidRecoveryTarget matches every *Error of kind `invalid_recovery_target`.
	ErrInvalidRecoveryTarget error = allSentinels[46]
	// ErrNotCleanable matches every *Error of kind `not_cleanable`.
	ErrNotCleanable error = allSentinels[47]
	// ErrFeatureActive matches every *Error of kind `feature_active`.
	ErrFeatureActive error = allSentinels[48]
	// ErrLeaseLost matches every *Error of kind `lease_lost`.
	ErrLeaseLost error = allSentinels[49]
	// ErrFoldConflict matches every *Error of kind `fold_conflict`.
	ErrFoldConflict error = allSentinels[50]
	// ErrIOError matches every *Error of kind `io_error`.
	ErrIOError error = allSentinels[51]
	// ErrNullArg matches every *Error of kind `null_arg`.
	ErrNullArg error = allSentinels[52]
	// ErrInvalidUTF8 matches every *Error of kind `invalid_utf8`.
	ErrInvalidUTF8 error = allSentinels[53]
	// ErrPanic matches every *Error of kind `panic`.
	ErrPanic error = allSentinels[54]
)

var allKinds = []ErrorKind{
	KindInvalidInput,
	KindInvalidValue,
	KindMissingField,
	KindDuplicateField,
	KindInputTooLarge,
	KindUnknownOp,
	KindUnknownKind,
	KindUnknownAgent,
	KindUnknownProfile,
	KindUnknownRunner,
	KindInvalidTime,
	KindInvalidNonce,
	KindInvalidPath,
	KindInvalidProjectID,
	KindInvalidSnapshot,
	KindInvalidFeatureID,
	KindInvalidJSON,
	KindInvalidYAML,
	KindInvalidConfig,
	KindInvalidFeature,
	KindMalformedContract,
	KindMalformedArtifact,
	KindMalformedDoc,
	KindUnsupportedFormat,
	KindMissingContract,
	KindMissingEvidence,
	KindScenarioMismatch,
	KindTooShort,
	KindPlaceholderLeft,
	KindUUIDMismatch,
	KindUnrecognizedReply,
	KindAmbiguous,
	KindBudgetTooSmall,
	KindMissingCodingPhase,
	KindUnresolvedRunner,
	KindUnresolvableTier,
	KindNoHome,
	KindRootIsFilesystemRoot,
	KindRootIsHome,
	KindNotAProject,
	KindStorageInsideProject,
	KindProjectMismatch,
	KindNotFound,
	KindNotVisible,
	KindNoDispatchRule,
	KindInvalidTransition,
	KindInvalidRecoveryTarget,
	KindNotCleanable,
	KindFeatureActive,
	KindLeaseLost,
	KindFoldConflict,
	KindIOError,
	KindNullArg,
	KindInvalidUTF8,
	KindPanic,
}

var allSentinels = []*Error{
	sentinel(KindInvalidInput),
	sentinel(KindInvalidValue),
	sentinel(KindMissingField),
	sentinel(KindDuplicateField),
	sentinel(KindInputTooLarge),
	sentinel(KindUnknownOp),
	sentinel(KindUnknownKind),
	sentinel(KindUnknownAgent),
	sentinel(KindUnknownProfile),
	sentinel(KindUnknownRunner),
	sentinel(KindInvalidTime),
	sentinel(KindInvalidNonce),
	sentinel(KindInvalidPath),
	sentinel(KindInvalidProjectID),
	sentinel(KindInvalidSnapshot),
	sentinel(KindInvalidFeatureID),
	sentinel(KindInvalidJSON),
	sentinel(KindInvalidYAML),
	sentinel(KindInvalidConfig),
	sentinel(KindInvalidFeature),
	sentinel(KindMalformedContract),
	sentinel(KindMalformedArtifact),
	sentinel(KindMalformedDoc),
	sentinel(KindUnsupportedFormat),
	sentinel(KindMissingContract),
	sentinel(KindMissingEvidence),
	sentinel(KindScenarioMismatch),
	sentinel(KindTooShort),
	sentinel(KindPlaceholderLeft),
	sentinel(KindUUIDMismatch),
	sentinel(KindUnrecognizedReply),
	sentinel(KindAmbiguous),
	sentinel(KindBudgetTooSmall),
	sentinel(KindMissingCodingPhase),
	sentinel(KindUnresolvedRunner),
	sentinel(KindUnresolvableTier),
	sentinel(KindNoHome),
	sentinel(KindRootIsFilesystemRoot),
	sentinel(KindRootIsHome),
	sentinel(KindNotAProject),
	sentinel(KindStorageInsideProject),
	sentinel(KindProjectMismatch),
	sentinel(KindNotFound),
	sentinel(KindNotVisible),
	sentinel(KindNoDispatchRule),
	sentinel(KindInvalidTransition),
	sentinel(KindInvalidRecoveryTarget),
	sentinel(KindNotCleanable),
	sentinel(KindFeatureActive),
	sentinel(KindLeaseLost),
	sentinel(KindFoldConflict),
	sentinel(KindIOError),
	sentinel(KindNullArg),
	sentinel(KindInvalidUTF8),
	sentinel(KindPanic),
}
