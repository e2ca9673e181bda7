// The chartd executable (filled by the server work).
