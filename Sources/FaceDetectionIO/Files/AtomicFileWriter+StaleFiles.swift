extension AtomicFileWriter {
    /// Removes the temporary files that writers killed before `commit()` left in `directory`:
    /// regular files named as `temporaryPath(for:)` names them (`.NAME.tmp-PID-RANDOM`) whose
    /// PID is no running process on this machine and that nobody has modified for `minimumAge`
    /// seconds (the age protects a live writer on another machine sharing the folder, whose PID
    /// means nothing here). Returns the names removed; a folder that cannot be listed is left alone.
    package static func removeStaleTemporaryFiles(inDirectory directory: String, minimumAge: Int = 600) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = string(fromCCharArray: entry.pointee.d_name)
            if writerProcess(ofTemporaryName: name) != nil { names.append(name) }
        }
        closedir(stream)
        let now = time(nil)
        var removed: [String] = []
        for name in names {
            guard let pid = writerProcess(ofTemporaryName: name), !isRunning(pid) else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                Int(now) - modificationSeconds(of: status) >= minimumAge
            else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// The PID in a temporary file's name (`.NAME.tmp-PID-RANDOM`, RANDOM in base 36), or `nil`
    /// when `name` is not such a name.
    static func writerProcess(ofTemporaryName name: String) -> Int32? {
        guard name.hasPrefix("."), let marker = name.ranges(of: ".tmp-").last else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty,
            parts[1].allSatisfy({ ("0"..."9").contains($0) || ("a"..."z").contains($0) }),
            parts[0].allSatisfy({ ("0"..."9").contains($0) }), let pid = Int32(parts[0]), pid > 0
        else { return nil }
        return pid
    }

    /// Whether process `pid` exists (signal 0 checks without sending anything).
    private static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
