"""The ground floor: errors as data, limits, files, encodings, language tags, exact decimals,
interrupts, validation, JSON lines and the shipped schemas. Imports nothing else of the gate."""
