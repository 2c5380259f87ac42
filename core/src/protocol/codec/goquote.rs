//! Go `%q` quoting of strings (`strconv.Quote`), with Go's `IsPrint` rules.
