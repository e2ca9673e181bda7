// The chartd executable: arrives with the transport (see Sources/chartd in the next commits).
