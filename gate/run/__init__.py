"""The use cases: ``check`` (the pipeline), shards and their merge, Dask, failures into the set."""
